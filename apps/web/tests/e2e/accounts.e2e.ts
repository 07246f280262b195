import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, snap, startShop, type RunningShop } from './shop.ts';

/**
 * Customer accounts in Chromium (issue 4): register, sign out through the exit modal, sign in by code, sign
 * in by password, recover the password, the /personal guard, and an expired token refreshed transparently
 * during a page action. The shop runs on the system clock, so "time passing" is made in its SQLite file:
 * a number's earlier SMS sends are aged past the 60-second resend pause, a token's expiry is moved back.
 */

let shop: RunningShop;
let browser: Browser;
let db: Database.Database;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  db = new Database(path.join(shop.dataDir, 'kiim.db'));
  db.pragma('busy_timeout = 5000');
});

afterAll(async () => {
  db?.close();
  await browser?.close();
  await shop?.stop();
});

const A = { mobile: '77013334455', shown: '+7 701 333 44 55', name: 'Айгерим', surname: 'Сапарова', password: 'Steppe2026' };
const B = { mobile: '77478889900', shown: '+7 747 888 99 00' };

/** The code of the newest SMS to `mobile` from the development outbox. */
async function smsCode(mobile: string): Promise<string> {
  const outbox = (await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as { data: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS for ${mobile}`);
  return code;
}

/** Lets the number's 60-second resend pause pass by moving its earlier sends two minutes back. */
function ageSends(mobile: string) {
  db.prepare('update sms_send set created_at = ? where mobile = ?').run(new Date(Date.now() - 120_000).toISOString(), mobile);
}

/** The browser's customer_token cookie, or undefined. */
async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'customer_token')?.value;
}

/** Opens the sign-in dialog from the header. */
async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Войти', exact: true }).click();
  await page.getByTestId('sign-in-dialog').waitFor();
}

async function signOut(page: Page) {
  await page.goto(shop.url + '/personal');
  await page.locator('.personal__nav').getByRole('link', { name: 'Выйти' }).click();
  const dialog = page.getByTestId('exit-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL(shop.url + '/');
  await page.getByRole('banner').getByRole('link', { name: 'Войти', exact: true }).waitFor();
}

describe('customer accounts in the storefront (issue 4)', () => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  it('a guarded page visited signed out redirects to the home page', async () => {
    for (const p of ['/personal', '/personal/orders/pending']) {
      await page.goto(shop.url + p);
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  it('registers by phone with code, name and password, with Russian field errors on the way', async () => {
    await page.goto(shop.url + '/');
    await openSignIn(page);
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.getByLabel('Имя', { exact: true }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill(A.name);
    await page.getByLabel('Фамилия (необязательно)').fill(A.surname);
    await page.getByLabel('Номер телефона').fill('+7 916 123 45 67');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByText('Укажите казахстанский мобильный номер, например +7 701 234 56 78').waitFor();
    await expect(page.getByLabel('Имя', { exact: true }).inputValue()).resolves.toBe(A.name);
    await snap(page, 'accounts-01-register-error');

    await page.getByLabel('Номер телефона').fill(A.shown);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').waitFor();
    await expect(page.getByText(`Мы отправили код на номер ${A.shown}`).count()).resolves.toBe(1);
    // The resend timer counts down and keeps the button disabled.
    const resend = page.getByTestId('resend-code');
    await expect(resend.textContent()).resolves.toMatch(/^Отправить код повторно через [01]:[0-5]\d$/);
    await expect(resend.isDisabled()).resolves.toBe(true);

    const code = await smsCode(A.mobile);
    await page.getByLabel('Код из SMS').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('Пароль (необязательно)').fill('short');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и одну цифру').waitFor();
    await page.getByLabel('Пароль (необязательно)').fill(A.password);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Неверный код. Осталось попыток: 4').waitFor();
    await snap(page, 'accounts-02-register-code');
    await page.getByLabel('Код из SMS').fill(code);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('banner').getByRole('link', { name: A.name }).waitFor();
    expect(await tokenCookie(context)).toBeTruthy();

    await page.getByRole('banner').getByRole('link', { name: A.name }).click();
    await page.waitForURL(shop.url + '/personal');
    await expect(page.getByTestId('profile-phone').textContent()).resolves.toBe(A.shown);
    await expect(page.getByLabel('Фамилия').inputValue()).resolves.toBe(A.surname);
    await snap(page, 'accounts-03-profile');
  });

  it('signs out through the exit modal: the token is revoked and the account closed', async () => {
    const token = await tokenCookie(context);
    await page.locator('.personal__nav').getByRole('link', { name: 'Выйти' }).click();
    await page.getByTestId('exit-dialog').waitFor();
    await snap(page, 'accounts-04-exit-modal');
    await page.getByTestId('exit-dialog').getByRole('link', { name: 'Остаться' }).click();
    await page.getByTestId('exit-dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/personal');

    await signOut(page);
    expect(await tokenCookie(context)).toBeUndefined();
    const revoked = db.prepare('select revoked_reason from customer_token where token_hash = ?').get(createHash('sha256').update(token!).digest('hex')) as { revoked_reason: string };
    expect(revoked.revoked_reason).toBe('logout');
    await page.goto(shop.url + '/personal');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs in by SMS code', async () => {
    await page.goto(shop.url + '/home-zhenshiny');
    await openSignIn(page);
    await page.getByLabel('Номер телефона').fill(B.shown);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').waitFor();
    await page.getByLabel('Код из SMS').fill(await smsCode(B.mobile));
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Кабинет' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home-zhenshiny');
    await signOut(page);
  });

  it('signs in by password (a wrong one is refused in Russian)', async () => {
    await openSignIn(page);
    await page.getByRole('link', { name: 'Войти по паролю' }).click();
    await page.getByLabel('Пароль', { exact: true }).waitFor();
    await page.getByLabel('Номер телефона').fill(A.shown);
    await page.getByLabel('Пароль', { exact: true }).fill('Wrong2026');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByText('Неверный номер телефона или пароль').waitFor();
    await snap(page, 'accounts-05-password-error');
    await page.getByLabel('Пароль', { exact: true }).fill(A.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: A.name }).waitFor();
    await signOut(page);
  });

  it('recovers the password by SMS code and signs in with the new one', async () => {
    ageSends(A.mobile);
    await openSignIn(page);
    await page.getByRole('link', { name: 'Войти по паролю' }).click();
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.getByText('Мы пришлём SMS с кодом на номер, к которому привязан аккаунт.').waitFor();
    await page.getByLabel('Номер телефона').fill(A.shown);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').waitFor();
    await page.getByLabel('Код из SMS').fill(await smsCode(A.mobile));
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Новый пароль', { exact: true }).waitFor();
    await page.getByLabel('Новый пароль', { exact: true }).fill('Tulpar2027');
    await page.getByLabel('Повторите пароль').fill('Tulpar2028');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароли не совпадают').waitFor();
    await page.getByLabel('Повторите пароль').fill('Tulpar2027');
    await snap(page, 'accounts-06-new-password');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByTestId('sign-in-dialog').waitFor({ state: 'detached' })).resolves.toBeUndefined();
    await page.getByRole('banner').getByRole('link', { name: A.name }).waitFor();
    await signOut(page);

    await openSignIn(page);
    await page.getByRole('link', { name: 'Войти по паролю' }).click();
    await page.getByLabel('Номер телефона').fill(A.shown);
    await page.getByLabel('Пароль', { exact: true }).fill('Tulpar2027');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: A.name }).waitFor();
  });

  it('refreshes an expired token transparently while the profile is saved', async () => {
    await page.goto(shop.url + '/personal');
    await page.getByLabel('Фамилия').waitFor();
    const before = await tokenCookie(context);
    const hash = createHash('sha256').update(before!).digest('hex');
    // The token expired a day ago (within the 60-day refresh window).
    const past = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    db.prepare('update customer_token set expires_at = ?, last_used_at = ? where token_hash = ?').run(past, past, hash);

    await page.getByLabel('Фамилия').fill('Омарова');
    await page.getByLabel('Электронная почта').fill('aigerim@example.kz');
    await page.getByLabel('Мужской').check();
    await page.getByLabel('Женский').check();
    await page.getByLabel('Дата рождения').fill('1994-03-08');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Данные сохранены').waitFor();
    await snap(page, 'accounts-07-profile-saved');

    const after = await tokenCookie(context);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const old = db.prepare('select revoked_reason from customer_token where token_hash = ?').get(hash) as { revoked_reason: string };
    expect(old.revoked_reason).toBe('refresh');
    const saved = db.prepare('select surname, email, gender, birth_date from customer where mobile = ?').get(A.mobile);
    expect(saved).toEqual({ surname: 'Омарова', email: 'aigerim@example.kz', gender: 0, birth_date: '1994-03-08' });
    expect((await context.cookies()).find((c) => c.name === 'customer_gender')?.value).toBe('0');

    // Still signed in after a reload, with the values kept.
    await page.reload();
    await expect(page.getByLabel('Фамилия').inputValue()).resolves.toBe('Омарова');
    expect(new URL(page.url()).pathname).toBe('/personal');
  });

  it('changes the password in the profile with the current one', async () => {
    await page.getByLabel('Текущий пароль').fill('Tulpar2027');
    await page.getByLabel('Новый пароль', { exact: true }).fill('Baiterek2028');
    await page.getByLabel('Повторите новый пароль').fill('Baiterek2028');
    await page.getByRole('button', { name: 'Изменить пароль' }).click();
    await page.getByText('Пароль сохранён').waitFor();
    await expect(page.getByLabel('Новый пароль', { exact: true }).inputValue()).resolves.toBe('');
  });

  it('a revoked token in the cookie logs out and sends home; a stray customer_gender value is cleared', async () => {
    const token = await tokenCookie(context);
    db.prepare("update customer_token set revoked_at = ?, revoked_reason = 'logout' where token_hash = ?").run(
      new Date().toISOString(),
      createHash('sha256').update(token!).digest('hex'),
    );
    await context.addCookies([{ name: 'customer_gender', value: 'alien', url: shop.url }]);
    await page.goto(shop.url + '/personal/orders/pending');
    expect(new URL(page.url()).pathname).toBe('/');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'customer_token')).toBeUndefined();
    expect(cookies.find((c) => c.name === 'customer_gender')).toBeUndefined();
    await page.getByRole('banner').getByRole('link', { name: 'Войти', exact: true }).waitFor();
  });
});

describe('sign-in without JavaScript (forms post to /auth/sign-in)', () => {
  it('shows Russian field errors on the sign-in page and signs in by code', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const mobile = '77087776655';
    await page.goto(shop.url + '/Cart?signin=phone');
    await page.getByLabel('Номер телефона').fill('12345');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.waitForURL(/\/auth\/sign-in$/);
    await page.getByText('Укажите казахстанский мобильный номер, например +7 701 234 56 78').waitFor();
    await snap(page, 'accounts-08-no-js-error');

    await page.getByLabel('Номер телефона').fill('+7 708 777 66 55');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.waitForURL(/\/Cart\?signin=code&mobile=77087776655/);
    await page.getByLabel('Код из SMS').fill(await smsCode(mobile));
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL(shop.url + '/Cart');
    await page.getByRole('banner').getByRole('link', { name: 'Кабинет' }).waitFor();
    expect(await tokenCookie(context)).toBeTruthy();
    await context.close();
  });
});
