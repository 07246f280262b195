import { useState, type FormEvent } from 'react';
import { checkoutErrors } from '@kiim/contract/checkout';
import { checkoutDraftOf, messagesByField } from '../../lib/checkout-form.ts';
import { useAdoptBeforeHydration } from '../../lib/hydration.ts';

/** The choices the page follows as the shopper changes them: delivery, payment, lines from other cities. */
interface CheckoutChoice {
  deliveryMethodId: number;
  paymentId: number;
  includeOther: boolean;
  /** The carrier point chosen on the form (issue 34), undefined until the form is read or with none chosen. */
  pointCode?: string;
}

/**
 * The checkout form's state in the browser (`otherCity`: whether the cart holds lines from another city's stock,
 * some or only such; they are ordered from the start). Messages: the server's after a refusal (`failed`); the same rules
 * (checkout.rules.ts, on the draft read by lib/checkout-form.ts as the server reads it) once the shopper has
 * tried to send — a submit with a refused field is stopped and the first such field focused. A new answer of
 * the server shows its own messages again.
 */
export function useCheckoutForm(
  failed: { errors: Record<string, string[]>; values: Record<string, string> } | undefined,
  defaults: { deliveryMethodId: number; paymentId: number },
  otherCity: 'none' | 'some' | 'only',
) {
  // First the choices the server sent back after a refusal, else the defaults of spec §4.
  const [choice, setChoice] = useState<CheckoutChoice>(() => ({
    deliveryMethodId: Number(failed?.values.deliveryMethodId) || defaults.deliveryMethodId,
    paymentId: Number(failed?.values.paymentId) || defaults.paymentId,
    // Lines from another city's stock are ordered unless the shopper unticks them (issue 35 §1: the cart counts
    // them in its total); with nothing else to order they always are.
    includeOther: failed
      ? failed.values.includeOtherCityItems === 'on' || otherCity === 'only'
      : otherCity !== 'none',
  }));
  const [checked, setChecked] = useState<{ after: typeof failed; errors: Record<string, string[]> } | null>(
    null,
  );
  const own = checked && checked.after === failed ? checked.errors : null;

  const refresh = (form: HTMLFormElement | null, validate: boolean) => {
    if (!form) return;
    const draft = checkoutDraftOf(new FormData(form));
    setChoice({
      deliveryMethodId: draft.deliveryMethodId,
      paymentId: draft.paymentId,
      includeOther: draft.includeOtherCityItems,
      pointCode: draft.carrier?.code ?? undefined,
    });
    if (validate && (own || failed)) setChecked({ after: failed, errors: checkoutErrors(draft) });
  };
  // Choices made and fields typed before the page's scripts ran count too (lib/hydration.ts).
  const formRef = useAdoptBeforeHydration<HTMLFormElement>((form) => refresh(form, false));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const found = checkoutErrors(checkoutDraftOf(new FormData(e.currentTarget)));
    if (Object.keys(found).length === 0) return;
    e.preventDefault();
    setChecked({ after: failed, errors: found });
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .pickup .field-error')?.focus(),
    );
  };

  return {
    formRef,
    choice,
    errors: messagesByField(own ?? failed?.errors),
    onChange: () => refresh(formRef.current, true),
    onSubmit,
  };
}
