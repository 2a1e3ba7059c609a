/**
 * DKIM signing for a host who sends through their own server (docs/decisions/0087): with
 * DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY set, every message is signed by the mail
 * library's own DKIM signer (nodemailer's `dkim` option) as it leaves, in files and over SMTP
 * alike. Read once at start: a key that does not parse stops the start with the reason, not the
 * first e-mail at night.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

export interface DkimSettings {
  /** d=: the domain that vouches for the message. */
  domainName: string;
  /** s=: which of the domain's keys, at `selector._domainkey.domain`. */
  keySelector: string;
  /** The private key, PEM. */
  privateKey: string;
  /** The public half as the DNS record's p= (base64 DER), for the admin's check. */
  publicKey: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function invalid(problem: string): never {
  throw new Error(`Invalid environment configuration:\n  ${problem}`);
}

/** The PEM itself (its line breaks may be written as \n, as in a one-line setting), or the path of a file holding it. */
function pemOf(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return fs.readFileSync(value, 'utf8');
  } catch {
    return invalid(`DKIM_PRIVATE_KEY: neither a PEM private key nor a file that can be read (${value})`);
  }
}

function rsaKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    return invalid('DKIM_PRIVATE_KEY: not a private key in PEM (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)');
  }
  // Every receiver checks RSA signatures; ed25519 ones (RFC 8463) are not checked by all of them.
  if (key.asymmetricKeyType !== 'rsa') invalid(`DKIM_PRIVATE_KEY: an RSA key is needed (this one is ${key.asymmetricKeyType})`);
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 1024) invalid('DKIM_PRIVATE_KEY: at least 1024 bits (2048 recommended)');
  return key;
}

/** The DKIM settings, or null when none is set; a partial or broken setting stops the start with why. */
export function dkimSettingsOf(env: {
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DKIM_PRIVATE_KEY?: string | undefined;
}): DkimSettings | null {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: key } = env;
  if (!domain && !selector && !key) return null;
  if (!domain || !selector || !key) invalid('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY: set all three or none');
  if (!DOMAIN.test(domain)) invalid(`DKIM_DOMAIN: a domain name such as example.com (got ${domain})`);
  if (!SELECTOR.test(selector)) invalid(`DKIM_SELECTOR: letters, digits and hyphens, such as summit2026 (got ${selector})`);
  const privateKey = pemOf(key);
  const publicKey = createPublicKey(rsaKey(privateKey)).export({ type: 'spki', format: 'der' }).toString('base64');
  return { domainName: domain.toLowerCase(), keySelector: selector, privateKey, publicKey };
}

/** The mail library's per-message signing option. */
export function signingOption(dkim: DkimSettings | null) {
  return dkim ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey } } : {};
}
