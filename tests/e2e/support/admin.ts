/** The admin account the e2e server is started with (playwright.config.ts creates it). */
import { expect, type BrowserContext, type Page } from '@playwright/test';

export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e admin password 1' };

/** Signs in on the shared e2e server, or on the one at `origin` (a spec's own server, with its own `account`). */
export async function signInAsAdmin(page: Page, origin = '', account: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('E-mail or phone number').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

/** The shared server's admin session of this worker, once it has signed in. */
let sharedSession: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/**
 * Signs in on the shared e2e server once per worker and gives each later page that session: the
 * site limits sign-ins to 30 a minute per client (src/server/auth/sign-in.ts), which a suite
 * auditing fifty admin screens at two widths would pass.
 */
export async function signedInAsAdmin(page: Page): Promise<void> {
  if (sharedSession) {
    await page.context().addCookies(sharedSession);
    await page.goto('/admin');
    // A session the server no longer knows (a restart with another data folder): sign in again.
    if (await page.getByRole('navigation', { name: 'Admin' }).isVisible()) return;
  }
  await signInAsAdmin(page);
  sharedSession = await page.context().cookies();
}
