/** The New edition page (/admin/editions/new): its first values, and its POST. */
import type { EditionFormErrors } from '../../domain/edition-form.ts';
import type { NewEditionValues } from '../../domain/edition-template.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { siteBrandFrom } from '../brand/site-brand.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { createEdition, newEditionDefaults, readNewEditionForm } from './new-edition.ts';
import { serverTimeZone } from './server-time-zone.ts';

export interface NewEditionPageState {
  values: NewEditionValues;
  errors: EditionFormErrors;
}

/** The form as first shown: the brand's support address (else the admin's), the server's time zone. */
export async function emptyNewEditionPage(db: Database, admin: AdminUser): Promise<NewEditionPageState> {
  const brand = await siteBrandFrom(db);
  const values = newEditionDefaults({ supportEmail: brand.supportEmail ?? admin.email ?? '', timezone: serverTimeZone() });
  return { values, errors: {} };
}

export async function handleNewEditionPost({
  handle,
  admin,
  request,
}: {
  handle: DbHandle;
  admin: AdminUser;
  request: Request;
}): Promise<PageOutcome<NewEditionPageState>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const values = readNewEditionForm(form);
  const result = await createEdition(handle, admin, values);
  if (result.ok) return redirectTo(`/admin/editions/${result.slug}?created=1`);
  return show({ values, errors: result.errors }, 422);
}

/** Every IANA time zone this server knows, for the form's list. */
export function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
