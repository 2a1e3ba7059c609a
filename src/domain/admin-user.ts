/**
 * Who an admin is, as every part of the admin names them: the signed-in account (src/server/auth)
 * and the audit trail's actor (src/server/audit) take it from here, so neither imports the other.
 */
export interface AdminUser {
  id: number;
  email: string | null;
  phone: string | null;
}

export function adminLabel(user: AdminUser): string {
  return user.email ?? user.phone ?? `admin #${user.id}`;
}
