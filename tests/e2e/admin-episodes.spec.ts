/**
 * Episodes as content in the admin (decision 0020), in Chromium: upload audio to a day (its
 * duration and size are read from the file), refuse a file that only pretends to be audio,
 * add an episode by external URL, and see the new episode in a registrant's feed.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { uniqueClientAddress } from './support/mail.ts';
import { openAt } from './support/clock.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

const DEMO_MP3 = path.resolve('src/content/audio/day2.mp3');

test('upload an episode, refuse a fake one, add one by URL, delete it once confirmed', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/editions/august/episodes');
  const day3 = page.locator('#day-3');
  await expect(day3.locator('[data-admin-episode]')).toHaveCount(1);

  // A real MP3: stored, with what the file says about itself.
  await day3.getByText('Add an episode to day 3').click();
  const form = day3.locator('[data-add-episode="3"]');
  await form.getByLabel('Title').fill('Bonus: <Questions> & answers');
  await form.getByLabel('Speaker').fill('Rowan Vale');
  await form.getByLabel('Audio file').setInputFiles(DEMO_MP3);
  await form.getByRole('button', { name: 'Add episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Added the episode.');
  const added = page.locator('#day-3 [data-admin-episode]', { hasText: 'Bonus: <Questions> & answers' });
  await expect(added).toContainText('MP3 file, 0:04, 17.4 KB, 32 kbit/s');

  // A text file named .mp3: refused by its bytes, nothing stored.
  await page.locator('#day-3').getByText('Add an episode to day 3').click();
  const again = page.locator('[data-add-episode="3"]');
  await again.getByLabel('Title').fill('Not audio');
  await again
    .getByLabel('Audio file')
    .setInputFiles({ name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('just some text, not audio at all\n'.repeat(50)) });
  await again.getByRole('button', { name: 'Add episode' }).click();
  await expect(page.getByRole('alert')).toContainText('That file is not MP3, M4A/AAC or Ogg/Opus audio.');
  await expect(page.locator('#day-3 [data-admin-episode]')).toHaveCount(2);

  // An external URL needs https; then it is kept as the episode's audio.
  await page.locator('#day-2').getByText('Add an episode to day 2').click();
  const external = page.locator('[data-add-episode="2"]');
  await external.getByLabel('Title').fill('Hosted elsewhere');
  await external.getByLabel('Or an external audio URL').fill('https://cdn.example.org/audio/hosted.m4a');
  await external.getByRole('button', { name: 'Add episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Added the episode.');
  const hosted = page.locator('#day-2 [data-admin-episode]', { hasText: 'Hosted elsewhere' });
  await expect(hosted).toContainText('External: https://cdn.example.org/audio/hosted.m4a');

  // One click deletes nothing: the form says what goes and what stays, and asks for the word first.
  const bonus = page.locator('[data-admin-episode]', { hasText: 'Bonus: <Questions> & answers' });
  await bonus.locator('summary').click();
  await expect(bonus.locator('[data-delete-episode]')).toContainText('Its listening history (0 counted downloads) stays in the insights');
  await bonus.getByRole('button', { name: 'Delete episode Bonus: <Questions> & answers' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was deleted: type “delete” in the episode’s confirmation field');
  await expect(page.locator('#day-3 [data-admin-episode]')).toHaveCount(2);

  // Confirmed, it goes. Both again, so other tests see the demo feed.
  for (const title of ['Hosted elsewhere', 'Bonus: <Questions> & answers']) {
    const card = page.locator('[data-admin-episode]', { hasText: title });
    await card.locator('summary').click();
    await card.getByLabel('Type delete to confirm').fill('delete');
    await card.getByRole('button', { name: `Delete episode ${title}` }).click();
    await expect(page.getByRole('status')).toHaveText('Deleted the episode.');
  }
  await expect(page.locator('#day-3 [data-admin-episode]')).toHaveCount(1);
  await expect(page.locator('#day-2 [data-admin-episode]')).toHaveCount(1);
});

test('the episode form refuses cross-site posts and visitors who are not signed in', async ({ request }) => {
  const anonymous = await request.post('/admin/editions/august/episodes', {
    multipart: { action: 'create', title: 'x', day: '1' },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(303);
  expect(anonymous.headers()['location']).toMatch(/^\/admin\?next=/);
});

test('an external player is an episode: it plays on its day page, where the visual-only player was; a player elsewhere is refused', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/editions/september/episodes');
  const day1 = page.locator('#day-1');
  await day1.getByText('Add an episode to day 1').click();
  const form = day1.locator('[data-add-episode="1"]');
  await form.getByLabel('Title').fill('On the audio host');
  await form.getByLabel('Or an external player').fill('<iframe src="https://elsewhere.example.com/e/1"></iframe>');
  await form.getByRole('button', { name: 'Add episode' }).click();
  await expect(page.getByRole('alert')).toContainText('The external player must be an https:// address on the audio host');

  await page.locator('#day-1').getByText('Add an episode to day 1').click();
  const again = page.locator('[data-add-episode="1"]');
  await again.getByLabel('Title').fill('On the audio host');
  await again.getByLabel('Or an external player').fill('<iframe width="100%" src="https://player.example-audio.com/e/sept-1"></iframe>');
  await again.getByRole('button', { name: 'Add episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Added the episode.');
  await expect(page.locator('#day-1 [data-admin-episode]')).toContainText('External player: https://player.example-audio.com/e/sept-1');

  // September day 1 (live in Sydney), while it is open: the external player, no visual-only toggle.
  await openAt(page, '/september/day-1', new Date('2025-09-22T20:00:00Z'));
  const session = page.getByRole('region', { name: "Today's session" });
  await expect(session.locator('iframe')).toHaveAttribute('src', 'https://player.example-audio.com/e/sept-1');
  await expect(session.locator('[data-player-toggle]')).toHaveCount(0);

  await page.goto('/admin/editions/september/episodes');
  const card = page.locator('[data-admin-episode]', { hasText: 'On the audio host' });
  await card.locator('summary').click();
  await card.getByLabel('Type delete to confirm').fill('delete');
  await card.getByRole('button', { name: 'Delete episode On the audio host' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted the episode.');
});

test('a host may state an episode’s length (h:mm:ss); a bad one is refused with how to write it; empty measures the audio', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/editions/september/episodes');
  const addToDay3 = async (length: string) => {
    await page.locator('#day-3').getByText('Add an episode to day 3').click();
    const form = page.locator('[data-add-episode="3"]');
    await form.getByLabel('Title').fill('A sample of the session');
    await form.getByLabel('Length (optional)').fill(length);
    await form.getByLabel('Audio file').setInputFiles(DEMO_MP3);
    await form.getByRole('button', { name: 'Add episode' }).click();
  };
  await addToDay3('2:75:30');
  await expect(page.getByRole('alert')).toContainText('In a length, minutes and seconds go from 00 to 59 (2:15:30, not 2:75:30).');
  await addToDay3('two hours');
  await expect(page.getByRole('alert')).toContainText('Write the length as h:mm:ss or m:ss, for example 2:15:30 or 45:30');
  await expect(page.locator('#day-3 [data-admin-episode]')).toHaveCount(0);

  await addToDay3('2:30:45');
  await expect(page.getByRole('status')).toHaveText('Added the episode.');
  const card = page.locator('#day-3 [data-admin-episode]', { hasText: 'A sample of the session' });
  // The file's own length is still read and listed; the stated one is what visitors see.
  await expect(card).toContainText('MP3 file, 0:04');
  await card.locator('summary').click();
  await expect(card.getByLabel('Length (optional)')).toHaveValue('2:30:45');

  // September day 3 (live in Sydney), while it is open.
  const openDay3 = () => openAt(page, '/september/day-3', new Date('2025-09-24T20:00:00Z'));
  const shownLength = page.getByRole('region', { name: "Today's session" }).locator('[data-duration]');
  await openDay3();
  await expect(shownLength).toHaveText('2:30:45');

  // Emptied: the length measured from the audio again.
  await page.goto('/admin/editions/september/episodes');
  await card.locator('summary').click();
  await card.getByLabel('Length (optional)').fill('');
  await card.getByRole('button', { name: 'Save episode' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the episode.');
  await openDay3();
  await expect(shownLength).toHaveText('0:04');

  await page.goto('/admin/editions/september/episodes');
  await card.locator('summary').click();
  await card.getByLabel('Type delete to confirm').fill('delete');
  await card.getByRole('button', { name: 'Delete episode A sample of the session' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted the episode.');
});
