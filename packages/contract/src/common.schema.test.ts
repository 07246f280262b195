import { describe, expect, it } from 'vitest';
import { BoundedText, ExternalId, Id, IdParam, IdText, MAX_EXTERNAL_ID, MAX_ID } from './common.schema.ts';
import { SkuExternalIdInput } from './catalogue.admin.schema.ts';
import { ProductsByIdsQuery } from './catalog.schema.ts';
import { HalykCallbackBody } from './payment.schema.ts';

describe('shared bounds of ids and texts (issue 11 §7)', () => {
  it('accepts ids up to PostgreSQL integer and refuses the next one', () => {
    expect(Id.parse(MAX_ID)).toBe(MAX_ID);
    expect(Id.safeParse(MAX_ID + 1).success).toBe(false);
    expect(IdParam.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(IdParam.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(IdText.safeParse(String(MAX_ID)).success).toBe(true);
    expect(IdText.safeParse('2147483648').success).toBe(false);
    expect(IdText.safeParse('9999999999').success).toBe(false);
  });

  it('bounds list ids as single ones', () => {
    expect(ProductsByIdsQuery.safeParse({ ids: '1,2147483648' }).success).toBe(false);
    expect(ProductsByIdsQuery.parse({ ids: '1,2147483647' }).ids).toEqual([1, MAX_ID]);
  });

  it('refuses NUL and over-long free text', () => {
    expect(BoundedText(5).safeParse('abcde').success).toBe(true);
    expect(BoundedText(5).safeParse('abcdef').success).toBe(false);
    expect(BoundedText(5).safeParse('a\u0000b').success).toBe(false);
    expect(HalykCallbackBody.safeParse({ invoiceId: 'a\u0000b' }).success).toBe(false);
    expect(HalykCallbackBody.safeParse({ invoiceId: 'x'.repeat(65) }).success).toBe(false);
    expect(HalykCallbackBody.parse({ invoiceId: 12 }).invoiceId).toBe('12');
  });
});

describe('SKU ids (docs/decisions/028)', () => {
  it('takes any 1C Ид and ERP code up to 200 printable characters, nothing with control characters', () => {
    const oneC = 'bd72d910-55bc-11d9-848a-00112f43529a#90c55447-d3a8-11e4-9423-e0cb4ed5eed4';
    for (const schema of [ExternalId, SkuExternalIdInput]) {
      for (const id of [oneC, 'ЦБ-00012 / 44', 'x'.repeat(MAX_EXTERNAL_ID)])
        expect(schema.safeParse(id).success, id).toBe(true);
      for (const id of ['', 'x'.repeat(MAX_EXTERNAL_ID + 1), 'a\u0000b', 'a\nb', 'a\u0085b', 'a\ud800b'])
        expect(schema.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });
});
