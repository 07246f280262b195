import type { City } from '@kiim/contract';
import type { Translate } from '@kiim/contract/text';

/**
 * The carrier's period to a city only the carrier serves (issue 34 item 1, decision 073) in words
 * («3–5 рабочих дней»); null in the shop's own cities and when the carrier gave no period.
 */
export function carrierCityPeriod(t: Translate, city: City | null | undefined): string | null {
  const p = city?.carrierFound ? city.carrierPeriod : null;
  if (!p) return null;
  return p.minDays >= p.maxDays
    ? t('stock.carrierPeriodOne', { count: p.maxDays })
    : t('stock.carrierPeriod', { min: p.minDays, max: p.maxDays });
}
