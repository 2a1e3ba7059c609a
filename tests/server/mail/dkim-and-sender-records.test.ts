/**
 * DKIM for a host who sends through their own server, and the admin's check of the sender's DNS
 * records (docs/decisions/0087). Messages go through the site's own transports to a real SMTP
 * server on loopback (and into the file outbox), and are verified by mailauth, a maintained DKIM
 * verifier, asking a real DNS server on loopback for the published key. The Mail delivery screen
 * asks that DNS server too.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimHost, dkimRecordValue } from '../../../src/domain/mail/sender-records.ts';
import { dkimSettingsOf, type DkimSettings } from '../../../src/server/mail/dkim.ts';
import { mailDeliveryScreen } from '../../../src/server/mail/mail-delivery-screen.ts';
import { txtResolver } from '../../../src/server/mail/sender-dns.ts';
import { fileTransport, smtpTransport } from '../../../src/server/mail/transport.ts';
import { startBouncingSmtp, type BouncingSmtp } from '../../support/bouncing-smtp.ts';
import { startTxtDnsServer, type TxtDnsServer } from '../../support/dns-server.ts';

const DOMAIN = 'pottery-summit.org';
const FROM = `Pottery Summit <hello@${DOMAIN}>`;
const rsaPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PEM = rsaPem();

const settings = (overrides: Record<string, string | undefined> = {}) =>
  dkimSettingsOf({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: 'summit2026', DKIM_PRIVATE_KEY: PEM, ...overrides });

/** A TXT value as DNS carries it: strings of at most 255 characters (RFC 1035), as DNS providers split a long key. */
const published = (value: string) => [value.match(/.{1,255}/g)!];

const mail = { to: 'ada@example.net', subject: 'You are registered', text: 'See you on day 1.', html: '<p>See you on day 1.</p>' };

describe('DKIM settings', () => {
  it('are off with none set, and take the PEM itself, with its line breaks written as \\n, or a file holding it', () => {
    expect(dkimSettingsOf({})).toBeNull();
    const inline = settings({ DKIM_PRIVATE_KEY: PEM.replace(/\n/g, '\\n') })!;
    expect(inline).toMatchObject({ domainName: DOMAIN, keySelector: 'summit2026' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-'));
    fs.writeFileSync(path.join(folder, 'dkim.pem'), PEM, { mode: 0o600 });
    expect(settings({ DKIM_PRIVATE_KEY: path.join(folder, 'dkim.pem') })!.publicKey).toBe(inline.publicKey);
    fs.rmSync(folder, { recursive: true });
  });

  it('stop the start with the reason when one is missing or wrong, never naming the key', () => {
    expect(() => settings({ DKIM_SELECTOR: undefined })).toThrow('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY: set all three or none');
    expect(() => settings({ DKIM_DOMAIN: 'not a domain' })).toThrow('DKIM_DOMAIN: a domain name such as example.com');
    expect(() => settings({ DKIM_SELECTOR: 'summit_2026!' })).toThrow('DKIM_SELECTOR: letters, digits and hyphens');
    expect(() => settings({ DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nbroken\\n-----END PRIVATE KEY-----' })).toThrow(
      'DKIM_PRIVATE_KEY: not a private key in PEM',
    );
    expect(() => settings({ DKIM_PRIVATE_KEY: '/no/such/key.pem' })).toThrow('DKIM_PRIVATE_KEY: neither a PEM private key nor a file');
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => settings({ DKIM_PRIVATE_KEY: ed25519 })).toThrow('DKIM_PRIVATE_KEY: an RSA key is needed (this one is ed25519)');
    try {
      settings({ DKIM_DOMAIN: 'bad domain' });
    } catch (error) {
      expect(String(error)).not.toContain('PRIVATE KEY');
    }
  });
});

describe('signed messages and the sender’s records', () => {
  let smtp: BouncingSmtp;
  let dns: TxtDnsServer;
  let dkim: DkimSettings;
  const verify = async (message: Buffer) => {
    const resolver = txtResolver(dns.servers);
    const { results } = await dkimVerify(message, { resolver: (name: string) => resolver.resolveTxt(name) });
    return results.map((result) => ({
      domain: result.signingDomain,
      selector: result.selector,
      result: result.status.result,
      ...(result.status.comment ? { comment: result.status.comment } : {}),
    }));
  };

  beforeAll(async () => {
    [smtp, dns] = await Promise.all([startBouncingSmtp(), startTxtDnsServer()]);
    dkim = settings()!;
  });
  afterAll(async () => {
    await Promise.all([smtp?.close(), dns?.close()]);
  });

  it('signs every message over SMTP with the key DNS publishes; a changed message or another key fails', async () => {
    const host = dkimHost({ domain: DOMAIN, selector: 'summit2026' });
    dns.txt.set(host, published(dkimRecordValue({ domain: DOMAIN, selector: 'summit2026', publicKey: dkim.publicKey })));
    await smtpTransport(smtp.url, dkim).send(mail, FROM);
    const message = smtp.messages.at(-1)!;
    expect(message.toString()).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;/m);
    expect(await verify(message)).toEqual([{ domain: DOMAIN, selector: 'summit2026', result: 'pass' }]);
    // The body changed on the way: the signature no longer holds.
    const tampered = Buffer.from(message.toString().replace('See you on day 1.', 'See you on day 2.'));
    // (mailauth reads a body that no longer matches its hash as "neutral", RFC 6376 6.3's PERMFAIL.)
    expect((await verify(tampered))[0]).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    // Another key published: fails too.
    const other = settings({ DKIM_PRIVATE_KEY: rsaPem() })!;
    dns.txt.set(host, published(`v=DKIM1; k=rsa; p=${other.publicKey}`));
    expect((await verify(message))[0]!.result).toBe('fail');
  });

  it('signs the messages written to files too, and signs nothing when unset', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-outbox-'));
    await fileTransport(folder, dkim).send(mail, FROM);
    await fileTransport(path.join(folder, 'unsigned'), null).send(mail, FROM);
    const [signed] = fs.readdirSync(folder).filter((name) => name.endsWith('.eml'));
    const [unsigned] = fs.readdirSync(path.join(folder, 'unsigned'));
    expect(fs.readFileSync(path.join(folder, signed!), 'utf8')).toContain(
      `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${DOMAIN};`,
    );
    expect(fs.readFileSync(path.join(folder, 'unsigned', unsigned!), 'utf8')).not.toContain('DKIM-Signature');
    fs.rmSync(folder, { recursive: true });
  });

  it('shows each record as DNS answers it: published, missing, another key, two SPF records', async () => {
    const screen = (config: Partial<Parameters<typeof mailDeliveryScreen>[0]> = {}) =>
      mailDeliveryScreen(
        { SMTP_URL: 'smtps://summit:secret@smtp.pottery-summit.org', MAIL_FROM: FROM, dkim, ...config },
        { reportTo: 'host@pottery-summit.org', dnsServers: dns.servers },
      );
    dns.txt.clear();
    const empty = await screen();
    expect(empty).toMatchObject({
      smtpServer: 'smtp.pottery-summit.org:465 (TLS)',
      signing: `d=${DOMAIN}, s=summit2026`,
      notLookedUp: null,
    });
    expect(JSON.stringify(empty)).not.toContain('secret');
    expect(empty.records.map((record) => [record.name, record.host, record.status])).toEqual([
      ['SPF', DOMAIN, 'missing'],
      ['DKIM', `summit2026._domainkey.${DOMAIN}`, 'missing'],
      ['DMARC', `_dmarc.${DOMAIN}`, 'missing'],
    ]);
    expect(empty.records[1]!.publish).toBe(`v=DKIM1; k=rsa; p=${dkim.publicKey}`);
    expect(empty.records[2]!.publish).toBe('v=DMARC1; p=none; rua=mailto:host@pottery-summit.org');

    // A long key is published as several strings of one record.
    dns.txt.set(
      `summit2026._domainkey.${DOMAIN}`,
      published(dkimRecordValue({ domain: DOMAIN, selector: 'summit2026', publicKey: dkim.publicKey })),
    );
    dns.txt.set(DOMAIN, [['v=spf1 include:_spf.mailprovider.net ~all'], ['google-site-verification=abc']]);
    dns.txt.set(`_dmarc.${DOMAIN}`, [['v=DMARC1; p=quarantine']]);
    expect((await screen()).records.map((record) => record.status)).toEqual(['published', 'published', 'published']);

    dns.txt.set(DOMAIN, [['v=spf1 include:a.example ~all'], ['v=spf1 include:b.example ~all']]);
    dns.txt.set(`summit2026._domainkey.${DOMAIN}`, [['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother']]);
    const clashing = (await screen()).records;
    expect(clashing.map((record) => record.status)).toEqual(['different', 'different', 'published']);
    expect(clashing[0]!.note).toContain('2 SPF records');

    // A key for another domain signs, but DMARC does not count it: said.
    const elsewhere = await screen({ dkim: settings({ DKIM_DOMAIN: 'mailer.example.com' }) });
    expect(elsewhere.records[1]!.note).toContain('is not the sender’s domain');
    // Not signing: said, with no lookup of a key.
    const unsigned = await screen({ dkim: null, SMTP_URL: undefined });
    expect(unsigned).toMatchObject({ smtpServer: null, signing: null });
    expect(unsigned.records[1]!.status).toBe('not-used');
  });

  it('says “not checked” at once when DNS does not answer, and looks nothing up for a reserved name', async () => {
    const started = Date.now();
    const offline = await mailDeliveryScreen(
      { SMTP_URL: undefined, MAIL_FROM: FROM, dkim },
      // Nothing listens there: the lookup fails as it would offline.
      { reportTo: null, dnsServers: ['127.0.0.1:9'] },
    );
    expect(Date.now() - started).toBeLessThan(6000);
    expect(offline.records.map((record) => record.status)).toEqual(['not-checked', 'not-checked', 'not-checked']);
    expect(offline.records[0]!.note).toMatch(/^Not checked: DNS did not answer/);
    const asked = dns.asked.length;
    const local = await mailDeliveryScreen(
      { SMTP_URL: undefined, MAIL_FROM: 'Summit <hello@summit.localhost>', dkim: null },
      { reportTo: null, dnsServers: dns.servers },
    );
    expect(local.records).toEqual([]);
    expect(local.notLookedUp).toContain('summit.localhost is a reserved name');
    expect(dns.asked.length).toBe(asked);
  });
});
