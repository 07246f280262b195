import { DeliveryMethod } from '@kiim/contract/enums';
import { deliveryDates, formatDeliveryDates } from '@kiim/contract/delivery';
import { useRootData } from '../lib/root-data.ts';
import { useDateWords, useT } from '../lib/text.ts';
import { carrierCityPeriod } from '../lib/carrier-city.ts';

/**
 * When a courier brings the product in the shopper's city (product page, issue 27): the city's delivery days set in
 * the back office, counted from the server's `now` in the city's zone (spec §9), 3–5 days when the chosen size comes
 * from another city (spec §4). In a city only the carrier serves (decision 073): the carrier's period in working
 * days. Nothing where the city has no courier and no known carrier period.
 */
export function DeliveryEstimate({ now, fromOtherCity }: { now: string; fromOtherCity: boolean }) {
  const t = useT();
  const words = useDateWords();
  const city = useRootData()?.city;
  const period = carrierCityPeriod(t, city);
  if (city && period)
    return (
      <p className="delivery-estimate muted" data-testid="delivery-estimate">
        {t('stock.carrierTo', { city: city.name, period })}
      </p>
    );
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
