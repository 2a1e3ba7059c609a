import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { loadPrivacyFacts, type PrivacySettings } from '../../../src/server/privacy/privacy-facts.ts';
import { retentionSentence } from '../../../src/domain/privacy/privacy-notice.ts';
import { SITE_COOKIES } from '../../../src/server/privacy/site-cookies.ts';
import { webhookEndpoints } from '../../../src/server/db/schema.ts';
import { PrivacyPage } from '../../../src/views/PrivacyPage.tsx';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';

const NONE: PrivacySettings = {
  STRIPE_SECRET_KEY: undefined,
  SMTP_URL: undefined,
  S3_BUCKET: undefined,
  S3_ENDPOINT: undefined,
  S3_REGION: 'us-east-1',
};

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [file] : [];
  });
}

it('lists every cookie the site sets: each file that sets one is on the privacy page', () => {
  const setting = sourceFiles('src')
    .filter((file) => /cookies\.set\(|stringifySetCookie\(\{/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  expect(setting).toEqual([...new Set(SITE_COOKIES.map((cookie) => cookie.setIn))].sort());
});

it('says an edition’s retention as it is set', () => {
  expect(retentionSentence({ mode: 'anonymise', monthsAfterEnd: 1, accountingMonths: 120 })).toBe(
    'Registrations are anonymised (name and e-mail removed, links ended, listening kept only as counts) 1 month after the summit ends. A buyer’s name and e-mail stay with their purchase for 120 months, as accounting law asks; amounts and invoices are kept.',
  );
});

describeEachDatabase('the privacy page', (database) => {
  const ctx = useProcessDatabase(database);
  const page = async (settings: PrivacySettings) =>
    renderToStaticMarkup(createElement(PrivacyPage, { facts: await loadPrivacyFacts(ctx.db, settings) }));

  it('says no outside service is connected when none is, and each edition’s retention', async () => {
    const html = await page(NONE);
    expect(html).toContain('No service outside the site is connected to it');
    expect(html).toContain('summit_session');
    expect(html).toContain('1 year');
    expect(html).toContain('changes every day');
    expect(html).toMatch(/<strong>[^<]+<\/strong>: Registrations are kept until the site’s owner removes them/);
  });

  it('names the providers connected now, by host, never with their credentials', async () => {
    await ctx.db.insert(webhookEndpoints).values([
      { kind: 'webhook' as const, url: 'https://hooks.example.org/summit', secret: 'whsec_secret', events: ['registration.created'] },
      {
        kind: 'mailchimp' as const,
        url: 'https://us1.api.mailchimp.com',
        secret: 'list-secret',
        events: ['registration.created'],
        settings: { rules: [] },
      },
      {
        kind: 'kit' as const,
        url: 'https://api.kit.com',
        secret: 'kit-secret',
        events: ['registration.created'],
        settings: { rules: [] },
        status: 'disabled' as const,
      },
    ]);
    const html = await page({
      ...NONE,
      STRIPE_SECRET_KEY: 'sk_test_secret',
      SMTP_URL: 'smtps://mailer:smtp-secret@mail.example.net:465',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://s3.example.com',
    });
    for (const name of [
      'Stripe (payments)',
      'The e-mail server at mail.example.net',
      'File storage at s3.example.com',
      'Mailchimp (e-mail list)',
      'Webhooks to hooks.example.org',
    ])
      expect(html).toContain(name);
    expect(html).not.toContain('Kit (ConvertKit)');
    expect(html).not.toMatch(/whsec_secret|list-secret|kit-secret|sk_test_secret|smtp-secret|mailer:/);
  });
});
