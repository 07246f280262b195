import type { SellerDetails } from '@kiim/contract';

/** The seller's legal details (configuration `SELLER_*`), marked while they are the demonstration values. */
export function SellerDetailsBlock({ seller }: { seller: SellerDetails }) {
  return (
    <div className="seller-details" data-testid="seller-details">
      <dl>
        <dt>Продавец</dt>
        <dd>{seller.companyName}</dd>
        <dt>БИН</dt>
        <dd>{seller.bin}</dd>
        <dt>Юридический адрес</dt>
        <dd>{seller.legalAddress}</dd>
        <dt>Телефон</dt>
        <dd>
          <a href={seller.phoneHref}>{seller.phone}</a>, {seller.serviceHours}
        </dd>
        <dt>Электронная почта</dt>
        <dd>
          <a href={`mailto:${seller.email}`}>{seller.email}</a>
        </dd>
      </dl>
      {seller.demo && (
        <p className="notice notice--warn">
          Это демонстрационные реквизиты: магазин ещё не указал свои (настройки SELLER_COMPANY_NAME,
          SELLER_BIN, SELLER_LEGAL_ADDRESS).
        </p>
      )}
    </div>
  );
}
