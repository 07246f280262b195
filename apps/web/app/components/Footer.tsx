import { Link } from 'react-router';
import { INFO_PAGES, KASPI_PAYMENT_NAME, PAYMENT_METHOD_NAMES } from '@kiim/contract/enums';
import { useRootData } from '../lib/root-data.ts';
import { methodName, useT } from '../lib/text.ts';

/** Card brands Halyk ePay and the terminals of the pickup points and couriers take. */
const CARD_BRANDS = ['Visa', 'Mastercard'] as const;

/**
 * The payment methods the shop accepts (spec §4; Kaspi, 4, while it is on: issue 33), from the seller's details;
 * spec §4's three when the details are missing (the error screen).
 */
export function acceptedPaymentMethods(seller: { paymentMethodIds: number[] } | null): number[] {
  return seller?.paymentMethodIds ?? Object.keys(PAYMENT_METHOD_NAMES).map(Number);
}

/**
 * Site footer of every page: links to all information pages (spec §2), customer service phone and hours, the
 * seller's legal details (configuration `SELLER_*`, marked while they are demonstration values) and the accepted
 * payment methods (spec §4). In the error screen (no root data) it shows the links only.
 */
export function Footer() {
  const seller = useRootData()?.seller ?? null;
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('footer.shoppers')} className="site-footer__col">
          <h2 className="site-footer__title">{t('footer.shoppers')}</h2>
          <ul className="site-footer__links">
            {INFO_PAGES.map((p) => (
              <li key={p.slug}>
                <Link to={`/info/${p.slug}`}>{t(`info.${p.slug}`)}</Link>
              </li>
            ))}
            <li>
              <Link to="/brands">{t('common.brands')}</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 className="site-footer__title">{t('footer.service')}</h2>
          {seller && (
            <p>
              <a href={seller.phoneHref} className="site-footer__phone">
                {seller.phone}
              </a>
              <br />
              {seller.serviceHours}
              <br />
              <a href={`mailto:${seller.email}`}>{seller.email}</a>
            </p>
          )}
          <h2 className="site-footer__title">{t('footer.payment')}</h2>
          <ul className="site-footer__pay" aria-label={t('footer.payment')}>
            {acceptedPaymentMethods(seller).map((id) => (
              <li key={id}>{methodName(t, 'paymentMethod', id, KASPI_PAYMENT_NAME)}</li>
            ))}
          </ul>
          <p className="site-footer__cards">
            {CARD_BRANDS.map((b) => (
              <span key={b} className="card-brand">
                {b}
              </span>
            ))}
            <span className="card-brand">Halyk ePay</span>
          </p>
        </div>
        <div className="site-footer__col" data-testid="footer-legal">
          <p>
            <strong className="site-footer__logo">KIIM</strong>
            <br />
            {t('footer.about')}
          </p>
          {seller && (
            <p>
              {seller.companyName}, {t('footer.bin')} {seller.bin}
              <br />
              {seller.legalAddress}
              {seller.demo && (
                <>
                  <br />
                  <em>{t('footer.demo')}</em>
                </>
              )}
            </p>
          )}
          <p>
            © {new Date().getFullYear()} Kiim. {t('footer.prices')}
          </p>
        </div>
      </div>
    </footer>
  );
}
