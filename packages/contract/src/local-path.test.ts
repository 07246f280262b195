import { describe, expect, it } from 'vitest';
import { BannerInput } from './places.admin.schema.ts';
import { localPath } from './local-path.ts';

// The one rule for local links (issue 29 item 8): redirects and stored banner links alike.

const OFF_SITE = [
  '/\\evil.example/x',
  '//evil.example',
  '/\t/evil.example',
  '/.//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '\\\\evil.example',
];

describe('localPath', () => {
  it('refuses every shape that a browser takes off-site', () => {
    for (const v of OFF_SITE) expect(localPath(v), v).toBeNull();
    expect(localPath(42)).toBeNull();
  });
  it('keeps local paths with their query, and the hash only when asked', () => {
    expect(localPath('/category/zhenskie-dzhinsy?sort=new')).toBe('/category/zhenskie-dzhinsy?sort=new');
    expect(localPath('/info/faq#delivery')).toBe('/info/faq');
    expect(localPath('/info/faq#delivery', { hash: true })).toBe('/info/faq#delivery');
    expect(localPath('/category/платья')).toBe('/category/%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D1%8F');
  });
});

describe('a banner link', () => {
  const banner = {
    slot: 'home-women',
    position: 1,
    title: 'Распродажа',
    href: '/category/zhenskaya-odezhda',
    alt: 'Распродажа',
    theme: 'light',
    active: true,
  };
  it('must stay on the shop: `/\\evil.example/x` and the others are refused with the field named', () => {
    for (const href of OFF_SITE) {
      const r = BannerInput.safeParse({ ...banner, href });
      expect(r.success, href).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('href');
    }
  });
  it('is stored as the URL parser normalises it', () => {
    const r = BannerInput.safeParse({ ...banner, href: '/category/zhenskaya-odezhda?sort=new#top' });
    expect(r.success && r.data.href).toBe('/category/zhenskaya-odezhda?sort=new#top');
  });
});
