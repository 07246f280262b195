import { Link } from 'react-router';
import type { DeliveryCity } from '@kiim/contract';
import {
  COURIER_SAME_DAY_UNTIL_HOUR,
  OTHER_CITY_DAYS,
  PICKUP_SAME_DAY_UNTIL_HOUR,
} from '@kiim/contract/delivery';
import { KASPI_PAYMENT_NAME, PaymentMethod } from '@kiim/contract/enums';
import { formatPrice } from '@kiim/contract/format';
import type { MessageKey } from '@kiim/contract/text';
import { useRootData } from '../../lib/root-data.ts';
import { methodName, useT } from '../../lib/text.ts';
import { acceptedPaymentMethods } from '../Footer.tsx';

// Labels in the page's language (message catalogue `infoPage.*`); city names come translated by the API
// (catalogue_text, docs/decisions/022).

/**
 * The cities the shop serves: pickup points (free) and the courier's price in tenge and days, from the catalogue
 * (names in the page's language as the API gives them).
 */
export function DeliveryCities({ cities }: { cities: DeliveryCity[] }) {
  const t = useT();
  return (
    <div className="table-scroll" data-testid="delivery-cities">
      <table>
        <caption className="visually-hidden">{t('infoPage.citiesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('infoPage.city')}</th>
            <th scope="col">{t('infoPage.pickupFree')}</th>
            <th scope="col">{t('infoPage.courierInCity')}</th>
          </tr>
        </thead>
        <tbody>
          {cities.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.name}</th>
              <td>
                <Link to={`/info/stores#city-${c.id}`}>
                  {t('infoPage.points', { count: c.pickupPoints.length })}
                </Link>
              </td>
              <td>
                {c.courierPrice === null
                  ? t('infoPage.noCourier')
                  : t('infoPage.courierTerms', { price: formatPrice(c.courierPrice), days: c.courierDays })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** When an order can be received: the same rules checkout uses to compute its dates (checkout.rules.ts). */
export function DeliveryTerms() {
  const t = useT();
  return (
    <ul className="terms" data-testid="delivery-terms">
      <li>
        <strong>{t('infoPage.termsPickupLabel')}</strong>{' '}
        {t('infoPage.termsPickup', { hour: PICKUP_SAME_DAY_UNTIL_HOUR })}
      </li>
      <li>
        <strong>{t('infoPage.termsCourierLabel')}</strong>{' '}
        {t('infoPage.termsCourier', { hour: COURIER_SAME_DAY_UNTIL_HOUR })}
      </li>
      <li>
        <strong>{t('infoPage.termsOtherCityLabel')}</strong>{' '}
        {t('infoPage.termsOtherCity', {
          label: t('stock.otherCityOnProductPage'),
          from: OTHER_CITY_DAYS.from,
          to: OTHER_CITY_DAYS.to,
        })}
      </li>
    </ul>
  );
}

/** What each payment method (spec §4, and Kaspi, 4: issue 33) means for the shopper (catalogue keys). */
const PAYMENT_DETAILS: Record<number, MessageKey> = {
  [PaymentMethod.cashOnDelivery]: 'infoPage.payCash',
  [PaymentMethod.cardOnDelivery]: 'infoPage.payCardOnDelivery',
  [PaymentMethod.cardOnline]: 'infoPage.payCardOnline',
  [PaymentMethod.kaspi]: 'infoPage.payKaspi',
};

/** The payment methods the shop accepts (Kaspi only while it is on) with what each means, in the page's language. */
export function PaymentMethods() {
  const t = useT();
  return (
    <ul className="terms" data-testid="payment-methods">
      {acceptedPaymentMethods(useRootData()?.seller ?? null).map((id) => (
        <li key={id}>
          <strong>{methodName(t, 'paymentMethod', id, KASPI_PAYMENT_NAME)}</strong> —{' '}
          {t(PAYMENT_DETAILS[id]!)}
        </li>
      ))}
    </ul>
  );
}
