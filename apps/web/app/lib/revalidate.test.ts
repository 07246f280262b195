import { describe, expect, it } from 'vitest';
import type { ShouldRevalidateFunction } from 'react-router';
import { isDialogOnlyNavigation, keepDataUnderDialogs } from './revalidate.ts';

type Args = Parameters<ShouldRevalidateFunction>[0];
const nav = (from: string, to: string, formMethod?: string): Args =>
  ({
    currentUrl: new URL(from, 'http://shop.test'),
    nextUrl: new URL(to, 'http://shop.test'),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  }) as Args;

describe('dialog-only navigations re-run no loader (issue 9)', () => {
  it('opening, stepping and closing the sign-in dialog over a page', () => {
    expect(
      isDialogOnlyNavigation(
        nav('/category/jeans?sort=price-asc', '/category/jeans?sort=price-asc&signin=phone'),
      ),
    ).toBe(true);
    expect(isDialogOnlyNavigation(nav('/?signin=phone', '/?signin=password&mobile=77013334455'))).toBe(true);
    expect(isDialogOnlyNavigation(nav('/?signin=code&mobile=7701&wait=60&sent=1', '/'))).toBe(true);
    expect(keepDataUnderDialogs(nav('/?signin=phone', '/?signin=register'))).toBe(false);
  });

  it('the account exit modal and the cart dialogs', () => {
    expect(isDialogOnlyNavigation(nav('/personal', '/personal?exit=1'))).toBe(true);
    expect(isDialogOnlyNavigation(nav('/Cart', '/Cart?remove=SKU-1'))).toBe(true);
    expect(isDialogOnlyNavigation(nav('/Cart?clear=1', '/Cart'))).toBe(true);
  });

  it('the review modal over the completed orders and an order (issue 10)', () => {
    expect(
      isDialogOnlyNavigation(
        nav('/personal/orders/completed', '/personal/orders/completed?review=dzhinsy-1'),
      ),
    ).toBe(true);
    expect(
      isDialogOnlyNavigation(
        nav('/personal/orders/details/100001?review=a-1', '/personal/orders/details/100001'),
      ),
    ).toBe(true);
  });

  it('reloads as usual for another page, other parameters, the same address again and form submissions', () => {
    expect(isDialogOnlyNavigation(nav('/?signin=phone', '/brands?signin=phone'))).toBe(false);
    expect(isDialogOnlyNavigation(nav('/category/jeans', '/category/jeans?sort=price-asc'))).toBe(false);
    expect(isDialogOnlyNavigation(nav('/category/jeans?signin=phone', '/category/jeans?signin=phone'))).toBe(
      false,
    );
    expect(isDialogOnlyNavigation(nav('/?signin=phone', '/?signin=code', 'POST'))).toBe(false);
    expect(keepDataUnderDialogs(nav('/category/jeans', '/category/jeans?page=2'))).toBe(true);
  });
});
