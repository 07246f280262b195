import type { SellerDetails } from '@kiim/contract';
import { useT } from '../../lib/text.ts';

/**
 * The seller's legal details (configuration `SELLER_*`; name, address and hours translated by the API), labelled
 * in the page's language and marked while they are the demonstration values.
 */
export function SellerDetailsBlock({ seller }: { seller: SellerDetails }) {
  const t = useT();
  return (
    <div className="seller-details" data-testid="seller-details">
      <dl>
        <dt>{t('infoPage.seller')}</dt>
        <dd>{seller.companyName}</dd>
        <dt>{t('footer.bin')}</dt>
        <dd>{seller.bin}</dd>
        <dt>{t('infoPage.legalAddress')}</dt>
        <dd>{seller.legalAddress}</dd>
        <dt>{t('infoPage.phone')}</dt>
        <dd>
          <a href={seller.phoneHref}>{seller.phone}</a>, {seller.serviceHours}
        </dd>
        <dt>{t('infoPage.email')}</dt>
        <dd>
          <a href={`mailto:${seller.email}`}>{seller.email}</a>
        </dd>
      </dl>
      {seller.demo && <p className="notice notice--warn">{t('infoPage.demoDetails')}</p>}
    </div>
  );
}
