import type { CarrierDelivery, CartItem } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { useT } from '../../lib/text.ts';

/**
 * The lines of a carrier city's order (issue 34, decision 065): all of them leave the warehouse city by carrier in
 * one parcel, so there is no choice to bring them (the form says so itself: `includeOtherCityItems` on). When the
 * carrier cannot answer now (`carrier.available` false) its plain message stands in place of the choices.
 */
export function CarrierItems({ items, carrier }: { items: CartItem[]; carrier: CarrierDelivery }) {
  const t = useT();
  return (
    <fieldset className="panel" data-testid="carrier-items">
      <legend>{t('carrier.fromWarehouse')}</legend>
      <input type="hidden" name="includeOtherCityItems" value="on" />
      {!carrier.available && (
        <div className="alert" role="alert" data-testid="carrier-unavailable">
          <strong>{t('carrier.unavailable')}</strong>
          {carrier.message && <p>{carrier.message}</p>}
        </div>
      )}
      <ul className="other-city">
        {items.map((i) => (
          <li key={i.externalId}>
            {i.name}, {i.size} × {i.qty} — {formatPrice(i.price * i.qty)}
          </li>
        ))}
      </ul>
      {carrier.available && <p className="muted checkout__hint">{t('carrier.fromWarehouseNote')}</p>}
    </fieldset>
  );
}
