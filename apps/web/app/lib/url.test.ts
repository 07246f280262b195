import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './url.ts';

describe('safeReturnTo (issue 11 §3)', () => {
  it('keeps a local path with its query', () => {
    expect(safeReturnTo('/catalog/women?page=2')).toBe('/catalog/women?page=2');
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/Cart')).toBe('/Cart');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['tab before the second slash', '/\t/evil.example'],
    ['newline before the second slash', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['dot segment making //', '/.//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['scheme', 'javascript:alert(1)'],
    ['relative path', 'evil.example'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('never lets a control character reach the Location header', () => {
    const kept = safeReturnTo('/catalog\r\nSet-Cookie: x=1');
    expect(kept).not.toMatch(/[\r\n\t]/);
    expect(kept.startsWith('/catalog')).toBe(true);
  });

  it('refuses values that are not strings', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(42)).toBe('/');
    expect(safeReturnTo(['/a'])).toBe('/');
  });
});
