import { describe, expect, it } from 'vitest';
import { readQuote, signQuote, type SignedQuote } from './shipping.quote-token.ts';

const quote: SignedQuote = {
  ...{ carrier: 'cdek', cityId: 7, kind: 'point', tariffCode: 136, price: 1890 },
  ...{ periodMinDays: 2, periodMaxDays: 4, parcelKey: '5810:9:1000x30x20x10', expiresAt: 2_000_000_000 },
};
const now = 1_900_000_000_000;

describe('signed carrier quote (decision 069)', () => {
  it('reads back exactly what it signed', () => {
    const token = signQuote('s3cret', quote);
    expect(token.length).toBeLessThan(200);
    expect(readQuote('s3cret', token, now)).toEqual(quote);
  });

  it('refuses another key, an altered price, an expired quote and junk', () => {
    const token = signQuote('s3cret', quote);
    expect(readQuote('other', token, now)).toBeNull();
    const [body, sig] = token.split('.');
    const cheaper = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('|1890|', '|10|'));
    expect(readQuote('s3cret', `${cheaper.toString('base64url')}.${sig}`, now)).toBeNull();
    expect(readQuote('s3cret', token, quote.expiresAt * 1000)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', `${body}.`, `.${sig}`])
      expect(readQuote('s3cret', junk, now)).toBeNull();
  });
});
