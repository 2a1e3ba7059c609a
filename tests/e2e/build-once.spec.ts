import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { expect, test } from '@playwright/test';
import { startServerProcess } from './support/server-process.ts';

/**
 * Build once, run many (decision 0040): a second start in the same project
 * folder builds anew while the first process answers requests, and the first never fails, not
 * even on a route whose code it had not loaded yet (the payment webhook, which answered 500
 * ERR_MODULE_NOT_FOUND when a rebuild replaced dist/ under it). Its build folder stays while it runs.
 */
const SECRET = 'whsec_build_once_secret';

function signedIgnoredEvent() {
  const payload = JSON.stringify({ id: 'evt_build_once', type: 'customer.created', data: { object: { id: 'cus_1' } } });
  return {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
  };
}

/** `npm run build -- --force`, as a second `npm start` in this folder would build (sources changed). */
async function buildAnew(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.resolve('src/server/cli/build.ts'), '--force'], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

test('a second start in the same folder builds anew while the first process keeps answering', async () => {
  test.setTimeout(420_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-build-once-'));
  const first = await startServerProcess({ DATA_DIR: path.join(root, 'a'), PAYMENT_WEBHOOK_SECRET: SECRET });
  const firstBuild = fs.realpathSync('dist');
  let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    expect(fs.readdirSync(path.join(firstBuild, 'running'))).toContain(String(first.pid));

    // Requests all the while: pages this process has rendered, and ones it has not.
    const failures: string[] = [];
    let answered = 0;
    let building = true;
    const paths = ['/', '/july/day-1', '/speakers-embed', '/healthz', '/register', '/setup-guide'];
    const traffic = (async () => {
      for (let i = 0; building; i++) {
        const target = paths[i % paths.length]!;
        const response = await fetch(`${first.url}${target}`, { redirect: 'manual' });
        await response.arrayBuffer();
        answered++;
        if (response.status >= 500) failures.push(`${target}: ${response.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const build = await buildAnew();
    expect(build.code, build.output).toBe(0);
    const secondBuild = fs.realpathSync('dist');
    expect(secondBuild).not.toBe(firstBuild);
    // The first process's build is kept while it runs.
    expect(fs.existsSync(path.join(firstBuild, 'server', 'entry.mjs'))).toBe(true);

    // The second process starts from the new build, in the same folder, while the first answers.
    second = await startServerProcess({ DATA_DIR: path.join(root, 'b'), PAYMENT_WEBHOOK_SECRET: SECRET });
    expect(fs.readdirSync(path.join(secondBuild, 'running'))).toContain(String(second.pid));
    building = false;
    await traffic;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(10);

    // Code the first process loads only now comes from its own build: the webhook, the admin.
    for (const server of [first, second]) {
      const webhook = await fetch(`${server.url}/api/webhooks/payments`, signedIgnoredEvent());
      expect(webhook.status, await webhook.text()).toBe(200);
      const admin = await fetch(`${server.url}/admin`);
      expect(admin.status).toBe(200);
      expect(await admin.text()).toContain('Sign in');
    }
    expect(first.logs()).not.toContain('ERR_MODULE_NOT_FOUND');

    // Once it has exited, its build folder no longer counts it (the next build removes a
    // folder nobody runs from: tests/server/build-folders.test.ts).
    expect(await first.stop()).toBe(0);
    expect(fs.readdirSync(path.join(firstBuild, 'running'))).not.toContain(String(first.pid));
  } finally {
    await first.stop();
    await second?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
