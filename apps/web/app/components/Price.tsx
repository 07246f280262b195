import { discountPercent, formatPrice } from '@kiim/contract/format';

/** Price in tenge (`12 990 ₸`, spec §9); with the old price struck through and the discount when discounted. */
export function Price({
  price,
  originalPrice,
  className,
}: {
  price: number;
  originalPrice: number;
  className?: string;
}) {
  const off = discountPercent(price, originalPrice);
  return (
    <span className={`price ${className ?? ''}`}>
      <span className={off ? 'price__now price__now--sale' : 'price__now'}>{formatPrice(price)}</span>
      {off > 0 && (
        <>
          <s className="price__was">{formatPrice(originalPrice)}</s>
          <span className="price__off">−{off}%</span>
        </>
      )}
    </span>
  );
}
