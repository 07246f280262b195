import { useFetcher } from 'react-router';
import {
  formatPrice,
  KASPI_SHOP_CANCEL_REASON_NAMES,
  KASPI_SHOP_CANCEL_REASONS,
  type AdminOrder,
} from '@kiim/contract';
import { errorsOf, type FormResult } from '../lib/form.ts';
import { can } from '../lib/nav.ts';
import { useMember } from '../routes/layout.tsx';
import { Field, FormAlert } from './Form.tsx';

/** What the order page's action answers to a Kaspi action (`intent` `kaspi-<action>`). */
type KaspiAnswer = { intent: string; result: FormResult<{ order: AdminOrder }> };

/** Kaspi's statuses as staff read them (unknown ones are shown as Kaspi sends them). */
const KASPI_STATUS_NAME: Record<string, string> = {
  APPROVED_BY_BANK: 'Оплачен, ждёт принятия',
  ACCEPTED_BY_MERCHANT: 'Принят магазином',
  COMPLETED: 'Выдан',
  CANCELLED: 'Отменён',
  CANCELLING: 'Отменяется',
  RETURNED: 'Возвращён',
};

/**
 * A Kaspi Магазин order's panel on the order page (issue 33 item 6): Kaspi's code and status, the reason staff must
 * look when its stock could not be reserved, Kaspi's lines, and the actions Kaspi allows now — accept
 * (orders.update), text the buyer the code and complete with it (orders.handover), cancel with one of Kaspi's
 * reasons (orders.cancel). Errors come back in Russian from the API. Renders nothing for a site order.
 */
export function KaspiOrderPanel({ order }: { order: AdminOrder }) {
  const me = useMember();
  const fetcher = useFetcher<KaspiAnswer>();
  const k = order.kaspi;
  if (!k) return null;
  const result = fetcher.data?.intent.startsWith('kaspi-') ? fetcher.data.result : undefined;
  const errors = errorsOf(result);
  const busy = fetcher.state !== 'idle';
  const open = k.status === 'APPROVED_BY_BANK' || k.status === 'ACCEPTED_BY_MERCHANT';
  const version = <input type="hidden" name="version" value={order.version} />;
  return (
    <section className="panel" aria-labelledby="kaspi-title" data-testid="kaspi-order">
      <h2 id="kaspi-title">Kaspi Магазин</h2>
      <dl className="facts">
        <dt>Заказ Kaspi</dt>
        <dd>№ {k.code}</dd>
        <dt>Статус в Kaspi</dt>
        <dd data-testid="kaspi-status">{(k.status && KASPI_STATUS_NAME[k.status]) ?? k.status ?? '—'}</dd>
      </dl>
      {k.problem && (
        <p className="notice" role="alert" data-testid="kaspi-problem">
          {k.problem}
        </p>
      )}
      {k.problem && (
        <ul>
          {k.lines.map((l) => (
            <li key={l.sku}>
              {l.sku} × {l.quantity} — {formatPrice(l.price)}
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={errors._form ?? errors.version ?? errors.securityCode ?? errors.reason} />
      {k.status === 'APPROVED_BY_BANK' && can(me, 'orders.update') && (
        <fetcher.Form method="post">
          {version}
          <button className="button" name="intent" value="kaspi-accept" disabled={busy}>
            Принять заказ в Kaspi
          </button>
        </fetcher.Form>
      )}
      {k.status === 'ACCEPTED_BY_MERCHANT' && can(me, 'orders.handover') && (
        <>
          <fetcher.Form method="post">
            {version}
            <button className="button secondary" name="intent" value="kaspi-send-code" disabled={busy}>
              Отправить покупателю код
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" className="inline-form">
            {version}
            <input type="hidden" name="intent" value="kaspi-complete" />
            <Field
              label="Код из SMS покупателя"
              name="securityCode"
              inputMode="numeric"
              error={errors.securityCode}
            />
            <button className="button" type="submit" disabled={busy}>
              Выдать по коду
            </button>
          </fetcher.Form>
        </>
      )}
      {open && can(me, 'orders.cancel') && (
        <KaspiCancelForm order={order} fetcher={fetcher} error={errors.reason} />
      )}
    </section>
  );
}

/** Cancel at Kaspi with one of its three reasons (orders.cancel). */
function KaspiCancelForm({
  order,
  fetcher,
  error,
}: {
  order: AdminOrder;
  fetcher: ReturnType<typeof useFetcher<KaspiAnswer>>;
  error?: string;
}) {
  return (
    <fetcher.Form method="post" className="inline-form">
      <input type="hidden" name="version" value={order.version} />
      <input type="hidden" name="intent" value="kaspi-cancel" />
      <label>
        Причина отмены в Kaspi
        <select name="reason" defaultValue="" aria-invalid={error ? true : undefined}>
          <option value="" disabled>
            Выберите причину
          </option>
          {KASPI_SHOP_CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {KASPI_SHOP_CANCEL_REASON_NAMES[r]}
            </option>
          ))}
        </select>
      </label>
      <button className="button danger" type="submit" disabled={fetcher.state !== 'idle'}>
        Отменить в Kaspi
      </button>
    </fetcher.Form>
  );
}
