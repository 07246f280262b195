import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  checkoutErrors,
  checkoutValidity,
  deliveryDates,
  formatDeliveryDates,
} from './checkout.rules.ts';
import { formatDay } from './format.ts';

const allValid = {
  email: true,
  deliveryContactName: true,
  deliveryContactPhone: true,
  deliveryStreet: true,
  deliveryBuilding: true,
  pickupPointId: true,
};

describe('checkout validity flags (spec §3)', () => {
  it('pickup needs a point, of the city when the offered points are given', () => {
    expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: 3 })).toEqual(allValid);
    expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: null }).pickupPointId).toBe(false);
    expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: 3 }, [1, 2]).pickupPointId).toBe(false);
    expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: 2 }, [1, 2]).pickupPointId).toBe(true);
    // The courier's fields do not matter for pickup.
    expect(
      checkoutValidity({ deliveryMethodId: 1, pickupPointId: 1, deliveryNotToCustomer: true, delivery: {} }),
    ).toEqual(allValid);
  });

  it('courier needs street and building; another recipient needs a name and a Kazakh mobile', () => {
    expect(checkoutValidity({ deliveryMethodId: 2, delivery: { street: ' ', building: '' } })).toEqual({
      ...allValid,
      deliveryStreet: false,
      deliveryBuilding: false,
    });
    expect(checkoutValidity({ deliveryMethodId: 2, delivery: { street: 'Абая', building: '1' } })).toEqual(
      allValid,
    );
    const other = { deliveryMethodId: 2, deliveryNotToCustomer: true };
    expect(checkoutValidity({ ...other, delivery: { street: 'Абая', building: '1' } })).toEqual({
      ...allValid,
      deliveryContactName: false,
      deliveryContactPhone: false,
    });
    expect(
      checkoutValidity({
        ...other,
        delivery: { street: 'Абая', building: '1', contactName: 'Ли', contactPhone: '87011234567' },
      }),
    ).toEqual(allValid);
    expect(
      checkoutValidity({
        ...other,
        delivery: { street: 'Абая', building: '1', contactName: '1', contactPhone: '87011234567' },
      }).deliveryContactName,
    ).toBe(false);
    expect(
      checkoutValidity({ deliveryMethodId: 2, delivery: { street: 'я'.repeat(201), building: '1' } })
        .deliveryStreet,
    ).toBe(false);
  });

  it('email is optional but must be an address when given', () => {
    expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: 1, email: '' }).email).toBe(true);
    expect(
      checkoutValidity({ deliveryMethodId: 1, pickupPointId: 1, email: ' aigerim@mail.kz ' }).email,
    ).toBe(true);
    for (const bad of ['aigerim', 'aigerim@', '@mail.kz', 'a..b@mail.kz', 'a@mail']) {
      expect(checkoutValidity({ deliveryMethodId: 1, pickupPointId: 1, email: bad }).email).toBe(false);
    }
  });

  it('field errors are keyed as the API answers them, with the messages shown beside the fields', () => {
    expect(
      checkoutErrors({ deliveryMethodId: 2, deliveryNotToCustomer: true, email: 'x', delivery: {} }),
    ).toEqual({
      email: [CHECKOUT_MESSAGES.email],
      'delivery.street': [CHECKOUT_MESSAGES.deliveryStreet],
      'delivery.building': [CHECKOUT_MESSAGES.deliveryBuilding],
      'delivery.contactName': [CHECKOUT_MESSAGES.deliveryContactName],
      'delivery.contactPhone': [CHECKOUT_MESSAGES.deliveryContactPhone],
    });
    expect(checkoutErrors({ deliveryMethodId: 1, pickupPointId: 1 })).toEqual({});
  });
});

describe('delivery dates', () => {
  // 2026-11-24 09:00 in Almaty (UTC+5) = 04:00 UTC; 17:00 = 12:00 UTC.
  const morning = new Date('2026-11-24T04:00:00Z');
  const evening = new Date('2026-11-24T12:00:00Z');
  it('pickup the same day before 16:00, else the next', () => {
    expect(deliveryDates(1, morning, 'Asia/Almaty')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(deliveryDates(1, evening, 'Asia/Almaty')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });
  it('courier today–tomorrow before noon, else tomorrow–the day after; another city 3–5 days', () => {
    expect(deliveryDates(2, morning, 'Asia/Almaty')).toEqual({ from: '2026-11-24', to: '2026-11-25' });
    expect(deliveryDates(2, evening, 'Asia/Almaty')).toEqual({ from: '2026-11-25', to: '2026-11-26' });
    expect(deliveryDates(1, evening, 'Asia/Almaty', true)).toEqual({ from: '2026-11-27', to: '2026-11-29' });
  });
  it('courier within the city’s delivery days: 3 days → in 2–3 days; 0 → the same day', () => {
    expect(deliveryDates(2, morning, 'Asia/Almaty', false, 3)).toEqual({
      from: '2026-11-26',
      to: '2026-11-27',
    });
    expect(deliveryDates(2, evening, 'Asia/Almaty', false, 3)).toEqual({
      from: '2026-11-27',
      to: '2026-11-28',
    });
    expect(deliveryDates(2, morning, 'Asia/Almaty', false, 0)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(deliveryDates(1, morning, 'Asia/Almaty', false, 3)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
  });
  it('uses the city’s own zone (Aqtobe is UTC+5 too, but a late UTC evening is the next local day)', () => {
    expect(deliveryDates(1, new Date('2026-11-24T20:00:00Z'), 'Asia/Aqtobe')).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
  });
  it('reads in Russian with month names', () => {
    expect(formatDay('2026-12-02')).toBe('2 декабря');
    expect(formatDeliveryDates({ from: '2026-11-24', to: '2026-11-24' }, morning, 'Asia/Almaty')).toBe(
      'сегодня',
    );
    expect(formatDeliveryDates({ from: '2026-11-25', to: '2026-11-25' }, morning, 'Asia/Almaty')).toBe(
      'завтра',
    );
    expect(formatDeliveryDates({ from: '2026-11-24', to: '2026-11-25' }, morning, 'Asia/Almaty')).toBe(
      'сегодня или завтра',
    );
    expect(formatDeliveryDates({ from: '2026-11-27', to: '2026-11-29' }, morning, 'Asia/Almaty')).toBe(
      '27–29 ноября',
    );
    expect(formatDeliveryDates({ from: '2026-11-30', to: '2026-12-02' }, morning, 'Asia/Almaty')).toBe(
      '30 ноября – 2 декабря',
    );
  });
});
