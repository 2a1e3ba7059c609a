/**
 * Signed-in registrants for the throughput rows, made as real ones are: registered through
 * POST /register (which signs the browser in), All Access granted by a signed payment event (as
 * Stripe signs it), and the august edition switched to `registrants` mode in the database before
 * the first start (prepareRegistrantsEdition).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { openDatabase } from '../src/server/db/client.ts';
import { editions } from '../src/server/db/schema.ts';
import { seedDemoContent } from '../src/server/demo-content/seed.ts';
import { ensureDefaultMessages } from '../src/server/editions/edition-messages.ts';
import { configureUploads } from '../src/server/uploads/upload-storage.ts';

/**
 * The demo content, with august as a `registrants` edition (personal links and passes enforced),
 * in the embedded database of the data folder, or in the Postgres database `databaseUrl` names.
 */
export async function prepareRegistrantsEdition(dataDir: string, databaseUrl?: string): Promise<void> {
  configureUploads(dataDir);
  const handle = await openDatabase(
    databaseUrl ? { driver: 'postgres', url: databaseUrl } : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  try {
    await handle.migrate();
    await seedDemoContent(handle.db);
    await ensureDefaultMessages(handle.db);
    await handle.db.update(editions).set({ accessMode: 'registrants' }).where(eq(editions.slug, 'august'));
  } finally {
    await handle.close();
  }
}

/** Registers, and returns the registrant cookie the answer set (the browser is signed in). */
async function register(baseUrl: string, summit: string, email: string): Promise<{ cookie: string; id: number }> {
  const answer = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Bench', email, consent: 'on', summit }),
  });
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('summit_registrant='));
  if (!cookie) throw new Error(`registering for ${summit} set no registrant cookie (${answer.status})`);
  const pair = cookie.split(';')[0]!;
  return { cookie: pair, id: Number(decodeURIComponent(pair.split('=')[1]!).split('-')[0]) };
}

/** A signed checkout.session.completed for the All Access Pass, as Stripe would send it. */
async function grantAllAccess(baseUrl: string, secret: string, registrant: { id: number }, email: string): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_bench_${registrant.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_bench_${registrant.id}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${registrant.id}`,
        customer_details: { email },
        metadata: { pass: 'aap' },
        amount_total: 19700,
        currency: 'usd',
        payment_intent: `pi_bench_${registrant.id}`,
        payment_status: 'paid',
      },
    },
  });
  const answer = await fetch(`${baseUrl}/api/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    body: payload,
  });
  const outcome = (await answer.json()) as { result?: string };
  if (outcome.result !== 'granted') throw new Error(`the All Access event was not granted: ${JSON.stringify(outcome)}`);
}

export interface RegistrantRow {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** Free and All Access registrants of july (`open`) and august (`registrants`), and the rows that measure their pages. */
export async function signedInRegistrants(baseUrl: string, webhookSecret: string): Promise<{ rows: RegistrantRow[] }> {
  const made = async (summit: string, label: string, allAccess: boolean) => {
    const email = `bench-${label}@example.com`;
    const registrant = await register(baseUrl, summit, email);
    if (allAccess) await grantAllAccess(baseUrl, webhookSecret, registrant, email);
    return { cookie: registrant.cookie };
  };
  const julyFree = await made('july', 'july-free', false);
  const julyAap = await made('july', 'july-aap', true);
  const augustFree = await made('august', 'august-free', false);
  const augustAap = await made('august', 'august-aap', true);
  const measured: [string, string, { cookie: string }][] = [
    ['/july/day-1', 'free, open edition', julyFree],
    ['/july/day-1', 'All Access, open edition', julyAap],
    ['/july/dashboard', 'All Access, open edition', julyAap],
    ['/august/day-1', 'free, registrants edition', augustFree],
    ['/august/day-1', 'All Access, registrants edition', augustAap],
    ['/august/dashboard', 'All Access, registrants edition', augustAap],
  ];
  const rows: RegistrantRow[] = measured.map(([path, who, { cookie }]) => ({
    name: `${path.endsWith('dashboard') ? 'dashboard' : 'day page'} ${path} (signed-in registrant, ${who})`,
    path,
    headers: { cookie },
  }));
  // Each page once before measuring: the first visit is recorded and the page's shell cached, as
  // for a registrant coming back.
  for (const row of rows) {
    const answer = await fetch(`${baseUrl}${row.path}`, { headers: row.headers, redirect: 'manual' });
    if (answer.status !== 200) throw new Error(`${row.name}: ${answer.status}`);
  }
  return { rows };
}
