import type { OrderCarrier } from '@kiim/contract';
import { useT } from '../lib/text.ts';

/** The shopper's name of a carrier delivery kind: «Пункт выдачи СДЭК», «Постамат СДЭК», «Курьер СДЭК до двери». */
export function useCarrierKind(): (kind: OrderCarrier['kind']) => string {
  const t = useT();
  return (kind) =>
    kind === 'door'
      ? t('carrier.doorMethod')
      : kind === 'locker'
        ? t('carrier.kindLocker')
        : t('carrier.kindPoint');
}
