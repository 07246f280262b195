import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderTransaction } from './payment.provider.ts';
import { amountMatches, readStatus } from './payment.status.ts';
import type { PaymentRow } from './payment.table.ts';

// A payment partly made with Halyk bonuses (payments-sms.md §3 `amountBonus`): its status answer matches the
// order when `amount` alone or `amount + amountBonus` is the total; anything else stays a mismatch.

const warnings: unknown[] = [];
const log = { warn: (o: unknown) => void warnings.push(o) } as unknown as FastifyBaseLogger;
const payment = { invoice_id: '100123', amount: 15990, currency: 'KZT' } as unknown as PaymentRow;
const transaction = (over: Partial<ProviderTransaction>): ProviderTransaction => ({
  id: 't-1',
  invoiceId: '100123',
  amount: 15990,
  amountBonus: 0,
  payoutAmount: null,
  currency: 'KZT',
  statusName: 'CHARGE',
  reason: null,
  reasonCode: null,
  cardMask: '440563...5096',
  approvalCode: '123456',
  reference: '000000000001',
  ...over,
});
const read = (over: Partial<ProviderTransaction>) =>
  readStatus(log, payment, { kind: 'found', resultCode: '100', transaction: transaction(over) }).kind;

describe('a card payment partly in Halyk bonuses', () => {
  it('is paid when the card part and the bonus part make up the order total', () => {
    expect(read({ amount: 14990, amountBonus: 1000 })).toBe('paid');
  });

  it('is paid when ePay reports the whole total with the bonus part inside it', () => {
    expect(read({ amount: 15990, amountBonus: 1000 })).toBe('paid');
  });

  it('is a mismatch when the parts do not make up the total', () => {
    expect(read({ amount: 14990 })).toBe('mismatch');
    expect(read({ amount: 14990, amountBonus: 500 })).toBe('mismatch');
    expect(warnings).toHaveLength(2);
    expect(amountMatches({ amount: 16990, amountBonus: -1000 }, 15990)).toBe(false);
  });
});
