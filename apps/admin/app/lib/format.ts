import { formatDateTime as formatShopDateTime } from '@kiim/contract/format';

/**
 * An instant as staff read it: `6 апреля 2026 г., 11:00` (Almaty time; the shop's head office), `—` for none.
 * The contract's formatter, the same the storefront uses, so no screen depends on the browser's locale data.
 */
export const formatDateTime = (iso: string | null) => (iso ? formatShopDateTime(iso) : '—');
