/**
 * Correcting an address through the running site (docs/decisions/0082): the pages answer a
 * signed-out visitor and an unknown link clearly, and a signed-in registrant's new address is
 * refused at once when it is not one, or answered "check your inbox".
 */
import { expect, test } from '@playwright/test';
import { registerThrough } from './support/register.ts';

test('the address pages: signed out, an unknown link, and a signed-in registrant asking', async ({ baseURL }) => {
  const signedOut = await fetch(`${baseURL}/email-address`);
  expect(signedOut.status).toBe(401);
  expect(await signedOut.text()).toContain('Open your personal link first');
  const unknown = await fetch(`${baseURL}/email-address/${'x'.repeat(43)}`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('This link is not valid');

  const { cookie } = await registerThrough(baseURL!, { summit: 'july', email: `change-${Date.now()}@example.com`, firstName: 'Ivy' });
  const post = (email: string) =>
    fetch(`${baseURL}/email-address`, {
      method: 'POST',
      headers: { cookie, origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }),
    });
  const refused = await post('not an address');
  expect(refused.status).toBe(422);
  expect(await refused.text()).toContain('Enter an e-mail address, such as name@example.com.');
  const sent = await post(`changed-${Date.now()}@example.com`);
  expect(sent.status).toBe(200);
  expect(await sent.text()).toContain('Check your inbox');
});
