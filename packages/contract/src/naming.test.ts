import { describe, expect, it } from 'vitest';
import { ProductInput } from './catalogue.admin.schema.ts';
import { ExternalId } from './common.schema.ts';
import { proposeSlug, skuCode, slugify } from './naming.ts';

describe('names the shop makes (issue 27 §7)', () => {
  it('transliterates a Russian name into a page address', () => {
    expect(proposeSlug('Платье льняное миди')).toBe('plate-lnyanoe-midi');
    expect(slugify('Джинсы slim fit, чёрный')).toBe('dzhinsy-slim-fit-chernyy');
    expect(proposeSlug('Щётка «Экстра» №5')).toBe('schetka-ekstra-5');
    expect(proposeSlug('Қысқы күртеше')).toBe('kysky-kurteshe');
  });

  it('proposes a valid slug for a short or empty name and cuts a long one at a word', () => {
    expect(proposeSlug('Я')).toBe('tovar-ya');
    expect(proposeSlug('—')).toBe('tovar');
    const long = proposeSlug('Платье '.repeat(25));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('-')).toBe(false);
    for (const name of ['Я', '—', 'Платье '.repeat(25)]) {
      const parsed = ProductInput.safeParse({
        ...{ name, slug: proposeSlug(name), categoryId: 1, brandId: 1, colourName: 'Синий' },
        ...{ colourHex: '#000000', price: 1, skus: [{ size: 'M' }] },
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('makes readable SKU codes the cart accepts', () => {
    expect(skuCode(123, 'M', 1)).toBe('KIIM-123-M');
    expect(skuCode(123, '42/44', 2)).toBe('KIIM-123-42-44');
    expect(skuCode(123, 'Единый', 1)).toBe('KIIM-123-EDINYY');
    expect(skuCode(123, '—', 3)).toBe('KIIM-123-3');
    const longest = skuCode(2_147_483_647, 'щ'.repeat(20), 40);
    expect(ExternalId.safeParse(longest).success).toBe(true);
  });

  it('leaves an empty slug and SKU code for the API to make', () => {
    const parsed = ProductInput.parse({
      ...{ name: 'Платье', slug: ' ', categoryId: 1, brandId: 1, colourName: 'Синий' },
      ...{ colourHex: '#000000', price: 1, skus: [{ size: 'M', externalId: '' }, { size: 'L' }] },
    });
    expect(parsed.slug).toBeUndefined();
    expect(parsed.skus.map((s) => s.externalId)).toEqual([undefined, undefined]);
  });
});
