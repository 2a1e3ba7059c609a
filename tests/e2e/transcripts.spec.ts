/**
 * Transcripts and chapters in the admin (decision 0039), in Chromium: a file is judged by its
 * bytes, whatever it is called; a plain-text transcript is shown as text, never as markup, folded
 * under the player on the day page; chapters are added and removed. August's day 1 demo episode
 * is changed and put back as it was (its own WebVTT transcript), so other tests see the demo.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { uniqueClientAddress } from './support/mail.ts';
import { openAt } from './support/clock.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

const DEMO_TRANSCRIPT = path.resolve('src/content/transcripts/day1.vtt');
const TITLE = 'Sacred Foundations: Business as a Spiritual Practice';

async function saveDayOne(page: Page, files: Record<string, Parameters<ReturnType<Page['locator']>['setInputFiles']>[0]>) {
  const card = page.locator('#day-1 [data-admin-episode]', { hasText: TITLE });
  await card.locator('summary').click();
  for (const [label, file] of Object.entries(files)) await card.getByLabel(label).setInputFiles(file);
  return card;
}

test('upload a transcript and chapters: judged by content, shown as text under the player, removed again', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/editions/august/episodes');
  const card = page.locator('#day-1 [data-admin-episode]', { hasText: TITLE });
  await expect(card.locator('summary')).toContainText('Transcript: WebVTT, 2 passages');

  // An image called .vtt is no transcript; nothing changes.
  let open = await saveDayOne(page, {
    'Replace the transcript': { name: 'words.vtt', mimeType: 'text/vtt', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
  });
  await open.getByRole('button', { name: 'Save episode' }).click();
  await expect(page.getByRole('alert')).toContainText('The transcript must be a WebVTT, SRT or plain-text file in UTF-8.');
  await expect(card.locator('summary')).toContainText('Transcript: WebVTT, 2 passages');

  // SRT, whatever its name, with chapters.
  const srt = '1\n00:00:00,000 --> 00:00:02,000\nHost: Welcome, <i>friends</i>.\n\n2\n00:00:02,500 --> 00:00:06,000\nToday: foundations.\n';
  const chapters = JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Welcome' }] });
  open = await saveDayOne(page, {
    'Replace the transcript': { name: 'words.txt', mimeType: 'text/plain', buffer: Buffer.from(srt) },
    'Chapters (optional)': { name: 'chapters.json', mimeType: 'application/json', buffer: Buffer.from(chapters) },
  });
  await open.getByRole('button', { name: 'Save episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the episode.');
  await expect(card.locator('summary')).toContainText('Transcript: SRT, 2 passages');
  await expect(card.locator('[data-episode-texts]')).toContainText('Chapters: 1 chapter.');

  // Plain text with markup in it: on the day page it is text, folded under the player.
  open = await saveDayOne(page, {
    'Replace the transcript': {
      name: 'words.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from('Host: <script>window.hacked = 1</script> welcome & hello.\n\nGuest: thank you.\n'),
    },
  });
  await open.getByRole('button', { name: 'Save episode' }).click();
  await expect(card.locator('summary')).toContainText('Transcript: Plain text, 2 passages');
  await openAt(page, '/august/day-1', new Date('2026-02-01T09:00:00Z'));
  const transcript = page.locator('[data-transcript]').first();
  await expect(transcript).toHaveJSProperty('open', false);
  await transcript.locator('summary').click();
  await expect(transcript).toContainText('Host: <script>window.hacked = 1</script> welcome & hello.');
  await expect(transcript).toContainText('Guest: thank you.');
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

  // Back as it was: the demo's own transcript, no chapters.
  await page.goto('/admin/editions/august/episodes');
  open = await saveDayOne(page, { 'Replace the transcript': DEMO_TRANSCRIPT });
  await open.getByLabel('Remove the chapters').check();
  await open.getByRole('button', { name: 'Save episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the episode.');
  await expect(card.locator('summary')).toContainText('Transcript: WebVTT, 2 passages');
  await expect(card.locator('[data-episode-texts]')).toContainText('Chapters: none.');
});
