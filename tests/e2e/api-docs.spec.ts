import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from './support/paths.ts';
import { signInAsAdmin } from './support/admin.ts';

/**
 * docs/API.md against the built server: a token made by `npm run token:create` while the site runs
 * (it asks the running site), every curl example of the page run in order, the reference at
 * /api/docs in Chromium under the site's Content-Security-Policy, and the front door's 413.
 */
const run = promisify(execFile);
let token = '';
let curlHome = '';

test.beforeAll(async () => {
  const made = await run(process.execPath, ['src/server/cli/token-create.ts', '--name', 'docs', '--scope', 'write'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
  });
  token = made.stdout.trim().split('\n').at(-1)!;
  // The examples run as on 1 July 2025, when the demo july edition takes registrations (the
  // server's test clock, per request); the page itself carries no such header.
  curlHome = await fs.mkdtemp(path.join(os.tmpdir(), 'api-docs-curl-'));
  await fs.writeFile(
    path.join(curlHome, '.curlrc'),
    'header = "x-test-now: 2025-07-01T12:00:00Z"\nheader = "x-forwarded-for: 10.60.0.1"\n',
  );
});
test.afterAll(async () => {
  if (curlHome) await fs.rm(curlHome, { recursive: true, force: true });
});

test('every curl example of docs/API.md runs and answers as the page says', async ({ baseURL }) => {
  expect(token).toMatch(/^sat_/);
  const page = await fs.readFile('docs/API.md', 'utf8');
  const examples = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(examples.length).toBeGreaterThanOrEqual(9);
  let id = '';
  for (const example of examples) {
    const env = { ...process.env, SITE: baseURL!, TOKEN: token, ID: id, CURL_HOME: curlHome };
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', example], { env });
    const answer = JSON.parse(stdout) as Record<string, unknown>;
    if (example.includes('-X POST "$SITE/api/v1/registrants"') && !example.includes('not an address')) {
      expect(answer).toMatchObject({ email: 'ada@example.com', edition: 'july', marketing_consent: true });
      id = String(answer.id);
    }
    if (example.includes('not an address')) {
      expect(answer).toMatchObject({ status: 422, errors: [{ pointer: '#/email' }, { pointer: '#/colour' }] });
    }
    if (example.includes('/passes"')) expect(answer).toMatchObject({ tier: 'aap' });
    if (example.includes('/registrants/import')) {
      expect(answer).toMatchObject({ dry_run: true, added: 1, refused: 1, listed: [{ outcome: 'added' }, { outcome: 'refused' }] });
    }
  }
  expect(id).not.toBe('');
});

test('the reference renders at /api/docs under the site’s security headers, with no policy broken', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(`${baseURL}/api/docs`);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByText('Register someone, as the registration form does')).toBeVisible();
  await expect(page.getByText('Grant a pass bought in another checkout')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a body over the API’s limit is refused at the front door as problem+json', async ({ request, baseURL }) => {
  const answer = await request.post(`${baseURL}/api/v1/registrants`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(100_000), edition: 'july' }),
  });
  expect(answer.status()).toBe(413);
  expect(answer.headers()['content-type']).toMatch(/^application\/problem\+json/);
  expect(await answer.json()).toMatchObject({ status: 413, title: 'Content Too Large' });
  const unknown = await request.get(`${baseURL}/api/v1/nothing`, { headers: { authorization: `Bearer ${token}` } });
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toMatch(/^application\/problem\+json/);
});

test('Admin → API tokens makes a token shown once, shows its use, and revokes it', async ({ page, request, baseURL }) => {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/admin\/api-tokens$/);
  const form = page.locator('[data-create-token]');
  await form.getByRole('button', { name: 'Make the token' }).click();
  await expect(page.getByText('Give the token a name')).toBeVisible();
  await form.getByLabel('Name').fill('Browser test');
  await form.getByLabel('Scope').selectOption('read');
  await form.getByLabel('Edition').selectOption('august');
  await form.getByRole('button', { name: 'Make the token' }).click();
  await expect(page.getByText('Token made. Copy it now: it is not shown again.')).toBeVisible();
  const made = (await page.locator('[data-token-value]').textContent()) ?? '';
  expect(made).toMatch(/^sat_/);
  const headers = { authorization: `Bearer ${made}` };
  expect(await (await request.get(`${baseURL}/api/v1/editions`, { headers })).json()).toMatchObject({ data: [{ slug: 'august' }] });
  await page.goto(`${baseURL}/admin/api-tokens`);
  await expect(page.locator('[data-token-value]')).toHaveCount(0);
  const row = page.locator('[data-token]').filter({ hasText: 'Browser test' });
  await expect(row).toContainText('Read only · edition august');
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked: it opens nothing from now on.')).toBeVisible();
  expect((await request.get(`${baseURL}/api/v1/editions`, { headers })).status()).toBe(401);
});
