/** Admin accounts: created from the command line, found by e-mail or phone at sign-in. */
import { eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH, type Identifier } from '../../domain/sign-in.ts';
import type { Database } from '../db/client.ts';
import { adminSessions, adminUsers } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

// The admin's identity is the domain's (the audit trail names admins too); the admin screens take it from here.
export { adminLabel, type AdminUser } from '../../domain/admin-user.ts';

export async function findAdminByIdentifier(db: Database, identifier: Identifier) {
  const column = identifier.kind === 'email' ? adminUsers.email : adminUsers.phone;
  const [row] = await db.select().from(adminUsers).where(eq(column, identifier.value)).limit(1);
  return row ?? null;
}

/**
 * Creates an account, or sets the password of the existing one with that e-mail or phone. A new
 * password ends every session of the account: whoever knew the old one is signed out.
 */
export async function upsertAdmin(db: Database, identifier: Identifier, password: string): Promise<{ id: number; created: boolean }> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  const passwordHash = await hashPassword(password);
  const existing = await findAdminByIdentifier(db, identifier);
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, existing.id));
      await tx.delete(adminSessions).where(eq(adminSessions.userId, existing.id));
    });
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(adminUsers)
    .values({ [identifier.kind]: identifier.value, passwordHash })
    .returning({ id: adminUsers.id });
  return { id: row!.id, created: true };
}
