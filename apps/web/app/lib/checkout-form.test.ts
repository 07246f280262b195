import { describe, expect, it } from 'vitest';
import { checkoutErrors } from '@kiim/contract/checkout';
import { checkoutDraftOf, messagesByField } from './checkout-form.ts';

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

describe('the checkout form as an order draft (one reader for the page and the action)', () => {
  it('pickup: the point, no address, texts trimmed and empty ones left out', () => {
    const draft = checkoutDraftOf(
      form({
        deliveryMethodId: '1',
        paymentId: '2',
        pickupPointId: '7',
        email: '  a@b.kz ',
        customerComment: ' ',
        street: 'пр. Абая',
      }),
    );
    expect(draft).toEqual({
      deliveryMethodId: 1,
      paymentId: 2,
      pickupPointId: 7,
      customerComment: undefined,
      email: 'a@b.kz',
      deliveryNotToCustomer: false,
      delivery: undefined,
      includeOtherCityItems: false,
    });
  });

  it('courier: the address, and the recipient only when «Получатель другой человек» is ticked', () => {
    const courier = {
      deliveryMethodId: '2',
      paymentId: '1',
      pickupPointId: '7',
      street: 'пр. Абая',
      building: '52',
      contactName: 'Асель',
    };
    expect(checkoutDraftOf(form(courier))).toMatchObject({
      pickupPointId: null,
      deliveryNotToCustomer: false,
      delivery: { street: 'пр. Абая', building: '52', contactName: undefined },
    });
    expect(checkoutDraftOf(form({ ...courier, deliveryNotToCustomer: 'on' })).delivery).toMatchObject({
      contactName: 'Асель',
      contactPhone: undefined,
    });
  });

  it('its messages, by the contract rules, land on the form fields', () => {
    const draft = checkoutDraftOf(
      form({ deliveryMethodId: '2', paymentId: '1', deliveryNotToCustomer: 'on', email: 'asel@' }),
    );
    expect(messagesByField(checkoutErrors(draft))).toEqual({
      email: 'Проверьте адрес электронной почты, например aigerim@mail.kz',
      street: 'Укажите улицу или микрорайон',
      building: 'Укажите номер дома',
      contactName: 'Укажите имя получателя',
      contactPhone: 'Укажите мобильный номер получателя, например +7 701 234 56 78',
    });
    expect(messagesByField({ 'order.email': ['a', 'b'], 'delivery.street': ['c'] })).toEqual({
      email: 'a',
      street: 'c',
    });
  });
});
