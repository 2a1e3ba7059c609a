/** A registration as a browser posts it (JSON answer), signed in by the cookie it sets: the registrant's key. */
import { expect } from '@playwright/test';

export interface Registered {
  /** The registrant's personal key (the cookie's value, decoded). */
  key: string;
  /** `summit_registrant=…`, to send back as a signed-in browser. */
  cookie: string;
  /** The registrant's id (the key's first part), as a checkout names it. */
  id: string;
}

export async function registerThrough(
  serverUrl: string,
  {
    summit,
    email,
    firstName,
    now = new Date(),
    timeZone,
  }: { summit: string; email: string; firstName: string; now?: Date; timeZone?: string },
): Promise<Registered> {
  const response = await fetch(`${serverUrl}/register`, {
    method: 'POST',
    headers: {
      origin: serverUrl,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      'x-test-now': now.toISOString(),
    },
    // The browser's own zone, as the form's script sends it (when given).
    body: new URLSearchParams({ firstName, email, consent: 'on', summit, ...(timeZone ? { timeZone } : {}) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const raw = /summit_registrant=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  expect(raw).toBeTruthy();
  const key = decodeURIComponent(raw!);
  return { key, cookie: `summit_registrant=${raw}`, id: key.split('-')[0]! };
}
