import { discountPercent, formatPrice } from '@kiim/contract/format';
import { useT } from '../lib/text.ts';

/**
 * Price in tenge (`12 990 ₸`, spec §9); with the old price struck through and the discount when discounted. `from`:
 * the sizes cost differently and this is the cheapest — «от 12 990 ₸» (issue 28 item 4, decision 032).
 */
export function Price({
  price,
  originalPrice,
  from = false,
  className,
}: {
  price: number;
  originalPrice: number;
  from?: boolean;
  className?: string;
}) {
  const t = useT();
  const off = discountPercent(price, originalPrice);
  const now = formatPrice(price);
  return (
    <span className={`price ${className ?? ''}`}>
      <span className={off ? 'price__now price__now--sale' : 'price__now'}>
        {from ? t('common.priceFrom', { price: now }) : now}
      </span>
      {off > 0 && (
        <>
          <s className="price__was">{formatPrice(originalPrice)}</s>
          <span className="price__off">−{off}%</span>
        </>
      )}
    </span>
  );
}
