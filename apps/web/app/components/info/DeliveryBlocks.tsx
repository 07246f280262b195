import { Link } from 'react-router';
import type { DeliveryCity } from '@kiim/contract';
import {
  COURIER_SAME_DAY_UNTIL_HOUR,
  OTHER_CITY_DAYS,
  PICKUP_SAME_DAY_UNTIL_HOUR,
} from '@kiim/contract/checkout';
import { PAYMENT_METHOD_NAMES, PaymentMethod } from '@kiim/contract/enums';
import { formatPrice } from '@kiim/contract/format';
import { plural } from '@kiim/contract/text';

const POINTS = { one: 'пункт', few: 'пункта', many: 'пунктов', other: 'пункта' };

/** The cities the shop serves: pickup points (free) and the courier's price in tenge, from the catalogue. */
export function DeliveryCities({ cities }: { cities: DeliveryCity[] }) {
  return (
    <div className="table-scroll" data-testid="delivery-cities">
      <table>
        <caption className="visually-hidden">Города, пункты выдачи и стоимость курьерской доставки</caption>
        <thead>
          <tr>
            <th scope="col">Город</th>
            <th scope="col">Самовывоз — бесплатно</th>
            <th scope="col">Курьер по городу</th>
          </tr>
        </thead>
        <tbody>
          {cities.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.name}</th>
              <td>
                <Link to={`/info/stores#city-${c.id}`}>{plural(c.pickupPoints.length, POINTS)}</Link>
              </td>
              <td>{c.courierPrice === null ? 'нет' : formatPrice(c.courierPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** When an order can be received: the same rules checkout uses to compute its dates (checkout.rules.ts). */
export function DeliveryTerms() {
  return (
    <ul className="terms" data-testid="delivery-terms">
      <li>
        <strong>Самовывоз:</strong> заказ, оформленный до {PICKUP_SAME_DAY_UNTIL_HOUR}:00 по местному времени,
        готов к выдаче в тот же день, позже — на следующий день.
      </li>
      <li>
        <strong>Курьер:</strong> заказ, оформленный до {COURIER_SAME_DAY_UNTIL_HOUR}:00, привезём сегодня или
        завтра, позже — завтра или послезавтра.
      </li>
      <li>
        <strong>Товары со склада другого города</strong> («Доставка из другого города») — за{' '}
        {`${OTHER_CITY_DAYS.from}–${OTHER_CITY_DAYS.to}`} дней при любом способе получения.
      </li>
    </ul>
  );
}

/** What each payment method of spec §4 means for the shopper. */
const PAYMENT_DETAILS: Record<PaymentMethod, string> = {
  [PaymentMethod.cashOnDelivery]: 'в пункте выдачи или курьеру, при получении заказа.',
  [PaymentMethod.cardOnDelivery]: 'Visa и Mastercard через терминал в пункте выдачи или у курьера.',
  [PaymentMethod.cardOnline]:
    'Visa и Mastercard на защищённой странице Halyk ePay сразу после оформления заказа.',
};

/** The three payment methods of spec §4 with what each means. */
export function PaymentMethods() {
  return (
    <ul className="terms" data-testid="payment-methods">
      {(Object.keys(PAYMENT_METHOD_NAMES) as unknown as PaymentMethod[]).map((id) => (
        <li key={id}>
          <strong>{PAYMENT_METHOD_NAMES[id]}</strong> — {PAYMENT_DETAILS[id]}
        </li>
      ))}
    </ul>
  );
}
