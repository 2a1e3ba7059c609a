/**
 * Admin → Registrants → Import (/admin/registrants/import?edition={slug}, docs/decisions/0062): the
 * uploaded CSV is staged and its dry run shown row by row; "Import" then applies the staged file
 * (its rows read again, so the result is what the database holds at that moment), sending the
 * confirmation e-mails only when the box was ticked. Rows with an empty edition cell go to the
 * page's edition.
 */
import { MAX_IMPORT_BYTES } from '../../domain/registrants/import-limits.ts';
import type { ImportReport } from '../../domain/registrants/import-report.ts';
import { formText } from '../../domain/without-nul.ts';
import { adminLabel, type AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { readAdminForm } from '../editions/admin-form-uploads.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { ImportRefusal } from './import-refusal.ts';
import { dropStaged, findStaged, stageUpload, type StagedUpload } from './import-upload.ts';
import { importRegistrants } from './registrant-import.ts';
import { requestNow } from '../clock.ts';

export interface RegistrantImportScreen {
  editionName: string;
  editionSlug: string;
  problems: string[];
  report: ImportReport | null;
  /** The dry run's staged file, which "Import" applies. */
  staged: string | null;
}

interface ScreenRequest {
  request: Request;
  url: URL;
  admin: AdminUser;
}

type Edition = { slug: string; name: string };
type Shown = Pick<RegistrantImportScreen, 'problems' | 'report' | 'staged'>;

export async function registrantImportScreen(
  handle: Pick<DbHandle, 'db'>,
  { request, url, admin }: ScreenRequest,
): Promise<PageOutcome<RegistrantImportScreen>> {
  const edition = await readEdition(handle.db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return notFound;
  const base = { editionName: edition.name, editionSlug: edition.slug };
  if (request.method !== 'POST') return show({ ...base, problems: [], report: null, staged: null });
  const { status, shown } = await applyPost(handle, { request, admin, edition });
  return show({ ...base, ...shown }, status);
}

async function applyPost(
  handle: Pick<DbHandle, 'db'>,
  { request, admin, edition }: { request: Request; admin: AdminUser; edition: Edition },
): Promise<{ status: number; shown: Shown }> {
  const refused = (status: number, problem: string) => ({ status, shown: { problems: [problem], report: null, staged: null } });
  const read = await readAdminForm(request, MAX_IMPORT_BYTES);
  if (!read.ok) return refused(413, read.message);
  const importing = formText(read.form, 'action') === 'import';
  let upload: StagedUpload | null;
  try {
    upload = importing ? await findStaged(formText(read.form, 'staged')) : await stagedFile(read.form.get('file'));
  } catch (error) {
    if (error instanceof ImportRefusal) return refused(error.status, error.message);
    throw error;
  }
  if (!upload)
    return refused(422, importing ? 'The file of the dry run is no longer here: choose it again.' : 'Choose a CSV file to import.');
  try {
    const report = await importRegistrants({
      db: handle.db,
      file: upload.path,
      defaultEdition: edition.slug,
      onlyEditionId: null,
      dryRun: !importing,
      sendEmail: importing && formText(read.form, 'send_email') === 'yes',
      now: requestNow(request),
      actor: adminLabel(admin),
    });
    if (importing) await dropStaged(upload);
    return { status: 200, shown: { problems: [], report, staged: importing ? null : upload.id } };
  } catch (error) {
    await dropStaged(upload);
    if (error instanceof ImportRefusal) return refused(error.status, error.message);
    throw error;
  }
}

async function stagedFile(file: FormDataEntryValue | null): Promise<StagedUpload | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  return stageUpload(file.stream(), file.size);
}
