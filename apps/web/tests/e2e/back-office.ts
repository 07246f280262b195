import type { Page } from 'playwright-core';

/** A staff member's sign-in details (email and password). */
export interface StaffAccount {
  email: string;
  password: string;
}

/** Fills the back office's sign-in form and submits it; the caller waits for where it should land. */
export async function staffSignIn(page: Page, who: StaffAccount) {
  await page.getByLabel('Электронная почта').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Разделы' });

/** Opens a section from the back office's navigation. */
export const openSection = (page: Page, name: string) =>
  navigation(page).getByRole('link', { name, exact: true }).click();

/**
 * The navigation's section names, read once the navigation is on screen. The URL changes before the signed-in
 * layout renders, so reading the links right after `waitForURL` could find none (the CI run of 2026-11-23 did).
 */
export async function sections(page: Page): Promise<string[]> {
  await navigation(page).getByRole('link').first().waitFor();
  return navigation(page).getByRole('link').allTextContents();
}
