import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../lib/api.server.ts';
import { signInAction } from './sign-in.server.ts';

// A step link of the sign-in dialog sent as a form (before hydration or without JavaScript): `goto` opens that step
// over the same page with the contact values typed, never anything else of the form. No API call is made (the
// context is empty: a call would throw).

/** The action's answer to a form posted from the dialog over `/category/zhenskaya-odezhda`. */
async function post(fields: Record<string, string>) {
  const body = new URLSearchParams({
    step: 'phone',
    intent: 'send-code',
    from: '/category/zhenskaya-odezhda',
    returnTo: '/Cart',
    ...fields,
  });
  const request = new Request('http://shop.test/auth/sign-in', { method: 'POST', body });
  return (await signInAction(request, {} as RequestContext)) as unknown;
}

/** Where a redirect goes, as path and parameters. */
function target(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const res = answer as Response;
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('location')!, 'http://shop.test');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

describe('a step link sent as a form (goto)', () => {
  it('opens the step over the same page with the number typed, and where to go after', async () => {
    expect(target(await post({ goto: 'password', mobile: ' +7 701 444 66 11 ' }))).toEqual({
      path: '/category/zhenskaya-odezhda',
      params: { signin: 'password', mobile: '+7 701 444 66 11', returnTo: '/Cart' },
    });
  });

  it('carries the name and surname of the registration step, never a password or a code', async () => {
    const answer = await post({
      step: 'password',
      intent: 'password',
      goto: 'register',
      mobile: '77014446611',
      name: 'Айгерим',
      surname: '',
      password: 'Steppe2026',
      code: '123456',
    });
    expect(target(answer).params).toEqual({
      signin: 'register',
      mobile: '77014446611',
      name: 'Айгерим',
      returnTo: '/Cart',
    });
  });

  it('leaves out a value too long for its field, and the page beneath stays on this site', async () => {
    const answer = await post({ goto: 'recover', mobile: '7'.repeat(31), from: 'https://evil.example/' });
    const { path, params } = target(answer);
    expect(params).toEqual({ signin: 'recover', returnTo: '/Cart' });
    expect(path).toBe('/');
  });

  it('refuses an unknown step with the form-wide message (400), without a call', async () => {
    const answer = (await post({ goto: 'admin' })) as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data.errors)).toEqual(['_form']);
  });
});
