/**
 * An edition moves whole. The admin exports August with its audio (.zip),
 * uploads the archive and imports it under a new slug: the new edition has the same episodes,
 * whose audio plays on its day page byte for byte, and the same e-mail sequence. Before the fix
 * the export held neither episodes nor e-mails, and there was no archive.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithAdmin(E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const signIn = (page: Page) => signInAsAdmin(page, server.url);

/** The bytes the day page's own audio player plays. */
async function dayAudio(page: Page, path: string): Promise<{ type: string; bytes: Buffer }> {
  await page.goto(`${server.url}${path}`);
  const src = await page.locator('audio[data-native-player] source').first().getAttribute('src');
  expect(src, path).toBeTruthy();
  const answer = await page.request.get(new URL(src!, server.url).toString());
  expect(answer.status(), src!).toBe(200);
  return { type: answer.headers()['content-type'] ?? '', bytes: await answer.body() };
}

test('an edition exported with its audio and imported under a new slug has the same episodes, playable, and the same e-mails', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${server.url}/admin/editions`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export with audio of August' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('summit-edition-august.zip');
  const archive = testInfo.outputPath('august.zip');
  await download.saveAs(archive);
  expect(fs.statSync(archive).size).toBeGreaterThan(50_000); // the three demo files travel inside

  await page.locator('input[name=archive]').setInputFiles(archive);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Received an edition archive')).toBeVisible();
  await page.locator('[data-staged-archive]').getByLabel('Import as slug (optional)').fill('winter');
  await page.getByRole('button', { name: 'Import the archive' }).click();
  await expect(page.getByRole('status').first()).toContainText('Created the edition August (winter)');
  await expect(page.getByRole('status').first()).toContainText('3 episodes');

  // The same episodes and e-mails (episodes with their own guids and files).
  const exportOf = async (slug: string) => (await page.request.get(`${server.url}/admin/editions/${slug}/export.json`)).json();
  const [august, winter] = [await exportOf('august'), await exportOf('winter')];
  const own = ({ guid: _guid, audioFile: _file, ...episode }: Record<string, unknown>) => episode;
  expect(winter.episodes.map(own)).toEqual(august.episodes.map(own));
  expect(winter.episodes.length).toBe(3);
  expect(winter.messages).toEqual(august.messages);
  expect(winter.episodes.map((e: { guid: string }) => e.guid)).not.toContain(august.episodes[0].guid);
  await page.goto(`${server.url}/admin/editions/winter/messages`);
  for (const message of august.messages.slice(0, 3)) await expect(page.getByText(message.name, { exact: true }).first()).toBeVisible();

  // Playable: the new edition's day page plays the same audio.
  const original = await dayAudio(page, '/august/day-1');
  const copied = await dayAudio(page, '/winter/day-1');
  expect(copied.type).toBe(original.type);
  expect(copied.bytes.equals(original.bytes)).toBe(true);

  // The archive is gone once imported; importing the file again into winter duplicates nothing.
  await page.goto(`${server.url}/admin/editions`);
  await page.locator('input[name=archive]').setInputFiles(archive);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.locator('[data-staged-archive]').getByLabel('Import as slug (optional)').fill('winter');
  await page.getByRole('button', { name: 'Import the archive' }).click();
  await expect(page.getByRole('status').first()).toContainText('Replaced the content of August (winter)');
  const again = await exportOf('winter');
  expect(again.episodes.map((e: { guid: string }) => e.guid)).toEqual(winter.episodes.map((e: { guid: string }) => e.guid));
});
