/** One audit entry. Append-only: no update or delete in code, and triggers refuse them in both databases. */
export interface AuditLogTable {
  id: string;
  actor_type: 'staff' | 'api_key' | 'system';
  actor_id: string | null;
  client_ip: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON of the entity before the change (null when it did not exist). */
  before_json: string | null;
  /** JSON of the entity after the change (null when it no longer exists). */
  after_json: string | null;
  created_at: string;
  updated_at: string;
}
