/** Every SMS the shop sent, with the provider's answer; the development outbox reads it. */
export interface SmsMessageTable {
  id: string;
  mobile: string;
  text: string;
  provider: string;
  status: string;
  provider_message_id: string | null;
  created_at: string;
  updated_at: string;
}
