import { DeliveryMethod } from '@kiim/contract/enums';
import { deliveryDates, formatDeliveryDates } from '@kiim/contract/delivery';
import { useRootData } from '../lib/root-data.ts';
import { useDateWords, useT } from '../lib/text.ts';

/**
 * When a courier brings the product in the shopper's city (product page, issue 27): the city's delivery days set in
 * the back office, counted from the server's `now` in the city's zone (spec §9), 3–5 days when the chosen size comes
 * from another city (spec §4). Nothing where the city has no courier.
 */
export function DeliveryEstimate({ now, fromOtherCity }: { now: string; fromOtherCity: boolean }) {
  const t = useT();
  const words = useDateWords();
  const city = useRootData()?.city;
  if (!city?.courierAvailable) return null;
  const at = new Date(now);
  const dates = deliveryDates(DeliveryMethod.courier, at, city.timeZone, fromOtherCity, city.deliveryDays);
  return (
    <p className="delivery-estimate muted" data-testid="delivery-estimate">
      {t('product.courierDates', {
        city: city.name,
        dates: formatDeliveryDates(dates, at, city.timeZone, words),
      })}
    </p>
  );
}
