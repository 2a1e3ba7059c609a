import { describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS, parseIdentifier, WRONG_CREDENTIALS } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { hashPassword, verifyPassword } from '../../../src/server/auth/passwords.ts';
import { endSession, findSessionUser, startSession } from '../../../src/server/auth/sessions.ts';
import { signIn, THROTTLED } from '../../../src/server/auth/sign-in.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describe('passwords', () => {
  it('hashes with scrypt and a salt, and verifies only the right password', async () => {
    const a = await hashPassword('a long enough password');
    const b = await hashPassword('a long enough password');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('a long enough password', a)).toBe(true);
    expect(await verifyPassword('a long enough passworD', a)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
  });
});

describe('parseIdentifier', () => {
  it('reads an e-mail (lower-cased) or a phone number', () => {
    expect(parseIdentifier(' Host@Example.COM ')).toEqual({ kind: 'email', value: 'host@example.com' });
    expect(parseIdentifier('+61 (400) 000-000')).toEqual({ kind: 'phone', value: '+61400000000' });
    expect(parseIdentifier('not an identifier')).toBeNull();
  });
});

describeEachDatabase('admin sign-in', (database) => {
  const ctx = useTestDatabase(database);
  let address = 0;
  const nextAddress = () => `192.0.2.${++address}`;

  it('refuses short passwords when creating an account', async () => {
    await expect(upsertAdmin(ctx.db, parseIdentifier('short@example.com')!, 'short')).rejects.toThrow(/at least 12/);
  });

  it('signs in by e-mail or phone and starts a session that resolves to the admin', async () => {
    await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    await upsertAdmin(ctx.db, parseIdentifier('+61400000001')!, 'another long password');
    const byEmail = await signIn({
      db: ctx.db,
      identifierRaw: 'HOST@example.com',
      password: 'a long enough password',
      address: nextAddress(),
    });
    expect(byEmail.ok).toBe(true);
    if (byEmail.ok) expect(await findSessionUser(ctx.db, byEmail.token)).toMatchObject({ email: 'host@example.com' });
    const byPhone = await signIn({
      db: ctx.db,
      identifierRaw: '+61 400 000 001',
      password: 'another long password',
      address: nextAddress(),
    });
    expect(byPhone.ok).toBe(true);
  });

  it('asks for both an identifier and a password with the spec’s message', async () => {
    expect(await signIn({ db: ctx.db, identifierRaw: '', password: 'x', address: nextAddress() })).toEqual({
      ok: false,
      status: 400,
      message: MISSING_CREDENTIALS,
    });
    expect(await signIn({ db: ctx.db, identifierRaw: 'host@example.com', password: '', address: nextAddress() })).toEqual({
      ok: false,
      status: 400,
      message: MISSING_CREDENTIALS,
    });
  });

  it('gives one generic message for a wrong password and an unknown account', async () => {
    expect(await signIn({ db: ctx.db, identifierRaw: 'host@example.com', password: 'wrong password!', address: nextAddress() })).toEqual({
      ok: false,
      status: 401,
      message: WRONG_CREDENTIALS,
    });
    expect(await signIn({ db: ctx.db, identifierRaw: 'nobody@example.com', password: 'wrong password!', address: nextAddress() })).toEqual({
      ok: false,
      status: 401,
      message: WRONG_CREDENTIALS,
    });
  });

  it('throttles one client after ten attempts on an account, while the real admin from another address still signs in', async () => {
    await upsertAdmin(ctx.db, parseIdentifier('locked@example.com')!, 'the right password');
    const attacker = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect(
        await signIn({ db: ctx.db, identifierRaw: 'locked@example.com', password: `wrong ${i} password`, address: attacker }),
      ).toMatchObject({ ok: false, status: 401 });
    }
    // The attacker is held back, even with the right password ...
    expect(await signIn({ db: ctx.db, identifierRaw: 'locked@example.com', password: 'the right password', address: attacker })).toEqual({
      ok: false,
      status: 429,
      message: THROTTLED,
    });
    // ... but the account is not locked: the real admin from a new address gets in.
    expect(
      (await signIn({ db: ctx.db, identifierRaw: 'locked@example.com', password: 'the right password', address: nextAddress() })).ok,
    ).toBe(true);
  });

  it('throttles one client over all accounts: 30 attempts a minute', async () => {
    const sprayer = nextAddress();
    // Every attempt counts, even one refused before any password is checked (fast: no scrypt).
    for (let i = 0; i < 30; i++) {
      expect(
        await signIn({ db: ctx.db, identifierRaw: `not an address ${i}`, password: 'wrong password!', address: sprayer }),
      ).toMatchObject({ ok: false, status: 400 });
    }
    expect(await signIn({ db: ctx.db, identifierRaw: 'host@example.com', password: 'a long enough password', address: sprayer })).toEqual({
      ok: false,
      status: 429,
      message: THROTTLED,
    });
    expect(
      (await signIn({ db: ctx.db, identifierRaw: 'host@example.com', password: 'a long enough password', address: nextAddress() })).ok,
    ).toBe(true);
  });

  it('ends every session of an account when its password is set again', async () => {
    const identifier = parseIdentifier('rotate@example.com')!;
    const { id } = await upsertAdmin(ctx.db, identifier, 'the first password');
    const before = await Promise.all([startSession(ctx.db, id), startSession(ctx.db, id)]);
    await upsertAdmin(ctx.db, identifier, 'the second password');
    for (const token of before) expect(await findSessionUser(ctx.db, token)).toBeNull();
    const after = await signIn({
      db: ctx.db,
      identifierRaw: 'rotate@example.com',
      password: 'the second password',
      address: nextAddress(),
    });
    expect(after.ok).toBe(true);
    if (after.ok) expect(await findSessionUser(ctx.db, after.token)).toMatchObject({ email: 'rotate@example.com' });
  });

  it('ends sessions, and ignores expired and unknown tokens', async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('sessions@example.com')!, 'a long enough password');
    const token = await startSession(ctx.db, id, new Date('2026-01-01T00:00:00Z'));
    expect(await findSessionUser(ctx.db, token, new Date('2026-01-02T00:00:00Z'))).not.toBeNull();
    expect(await findSessionUser(ctx.db, token, new Date('2026-01-09T00:00:01Z'))).toBeNull();
    const current = await startSession(ctx.db, id);
    await endSession(ctx.db, current);
    expect(await findSessionUser(ctx.db, current)).toBeNull();
    expect(await findSessionUser(ctx.db, 'made-up-token')).toBeNull();
  });
});
