/** The columns every customer-owned list's header table has (`cart`, `wishlist`). */
export interface OwnedListTable {
  /** The list's uuid (spec §3), made by the app (lower case). */
  id: string;
  /** Its owner; null while anonymous. */
  customer_id: string | null;
  /**
   * Set when the list was merged into another one (spec §4 sign-in merge): it is then empty and gone for every
   * call except a repeat of the same merge, which changes nothing.
   */
  merged_into_id: string | null;
  merged_at: string | null;
  created_at: string;
  updated_at: string;
}
