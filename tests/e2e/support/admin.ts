/** The admin account the e2e server is started with (playwright.config.ts creates it). */
import { expect, type Page } from '@playwright/test';

export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e admin password 1' };

/** Signs in on the shared e2e server, or on the one at `origin` (a spec's own server, with its own `account`). */
export async function signInAsAdmin(page: Page, origin = '', account: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('E-mail or phone number').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}
