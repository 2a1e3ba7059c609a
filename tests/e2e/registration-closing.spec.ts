import { expect, test } from '@playwright/test';
import { openAt } from './support/clock.ts';
import { messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR } from './support/paths.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

// September is the live edition: its last day ends 2025-09-26 00:00 in Sydney (14:00 UTC the day before).
test.describe('registration closes with the live edition', () => {
  test('before the last day ends the form is there', async ({ page }) => {
    await openAt(page, '/register?summit=september', new Date('2025-09-25T13:00:00Z'));
    await expect(page.getByRole('button', { name: 'Save My Free Spot' })).toBeVisible();
    await expect(page.locator('[data-registration-closed]')).toHaveCount(0);
  });

  test('after it, the page says so and offers the replay instead of the form', async ({ page }) => {
    await openAt(page, '/register?summit=september', new Date('2026-11-22T12:00:00Z'));
    const closed = page.locator('[data-registration-closed]');
    await expect(closed).toContainText('Registration for this summit has closed.');
    const replay = closed.getByRole('link', { name: /Get the replay/ });
    await expect(replay).toHaveAttribute('href', 'https://pay.sacred-business.example.com/september/replay-pass');
    await expect(replay).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: 'Save My Free Spot' })).toHaveCount(0);
  });

  test('a post after closing stores nothing and sends no mail', async ({ request }) => {
    const email = uniqueEmail('closed');
    const response = await request.post('/register', {
      headers: {
        accept: 'application/json',
        origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`,
        'x-test-now': '2026-11-22T12:00:00Z',
      },
      form: { firstName: 'Late', email, consent: 'on', summit: 'september' },
    });
    expect(response.status()).toBe(409);
    expect(await response.json()).toEqual({ ok: false, error: 'Registration for this summit has closed.' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo(E2E_DATA_DIR, email)).toHaveLength(0);
  });

  test('an evergreen edition (july) stays open', async ({ page }) => {
    await openAt(page, '/register?summit=july', new Date('2026-11-22T12:00:00Z'));
    await expect(page.getByRole('button', { name: 'Save My Free Spot' })).toBeVisible();
  });
});
