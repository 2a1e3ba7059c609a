/**
 * Admin → Registrants → Import (/admin/registrants/import?edition={slug}, docs/decisions/0062): the
 * uploaded CSV is staged and its dry run shown row by row; "Import" then applies the staged file
 * (its rows read again, so the result is what the database holds at that moment), sending the
 * confirmation e-mails only when the box was ticked. Rows with an empty edition cell go to the
 * page's edition. A long file is imported in the background (docs/decisions/0076): the page then
 * shows its progress (`&job={id}`), refreshing itself until it is done.
 */
import { registrantImportActions, UNKNOWN_ACTION } from '../../domain/admin-actions.ts';
import { IMPORT_ANSWER_AT_ONCE_ROWS, MAX_IMPORT_BYTES } from '../../domain/registrants/import-limits.ts';
import type { ImportReport } from '../../domain/registrants/import-report.ts';
import { formText } from '../../domain/without-nul.ts';
import { adminLabel, type AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { readAdminForm } from '../editions/admin-form-uploads.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { ImportRefusal } from './import-refusal.ts';
import { dropStaged, findStaged, stageUpload, type StagedUpload } from './import-upload.ts';
import { readImportJob, type ImportJobView } from './import-jobs.ts';
import { dryRunImport } from './import-read.ts';
import { startImport } from './registrant-import.ts';
import { requestNow } from '../clock.ts';

export interface RegistrantImportScreen {
  editionName: string;
  editionSlug: string;
  problems: string[];
  report: ImportReport | null;
  /** The dry run's staged file, which "Import" applies. */
  staged: string | null;
  /** An import running in the background, or done: its progress. */
  job: ImportJobView | null;
}

interface ScreenRequest {
  request: Request;
  url: URL;
  admin: AdminUser;
}

type Edition = { slug: string; name: string };
type Shown = Pick<RegistrantImportScreen, 'problems' | 'report' | 'staged' | 'job'>;

export async function registrantImportScreen(
  handle: Pick<DbHandle, 'db'>,
  { request, url, admin }: ScreenRequest,
): Promise<PageOutcome<RegistrantImportScreen>> {
  const edition = await readEdition(handle.db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return notFound;
  const base = { editionName: edition.name, editionSlug: edition.slug };
  if (request.method !== 'POST')
    return show({ ...base, ...(await jobShown(handle, { id: url.searchParams.get('job'), edition: edition.slug })) });
  const { status, shown } = await applyPost(handle, { request, admin, edition });
  return show({ ...base, ...shown }, status);
}

async function applyPost(
  handle: Pick<DbHandle, 'db'>,
  { request, admin, edition }: { request: Request; admin: AdminUser; edition: Edition },
): Promise<{ status: number; shown: Shown }> {
  const refused = (status: number, problem: string) => ({ status, shown: { problems: [problem], report: null, staged: null, job: null } });
  const read = await readAdminForm(request, MAX_IMPORT_BYTES);
  if (!read.ok) return refused(413, read.message);
  const action = registrantImportActions.safeParse(formText(read.form, 'action'));
  if (!action.success) return refused(400, UNKNOWN_ACTION);
  const importing = action.data === 'import';
  let upload: StagedUpload | null;
  try {
    upload = importing ? await findStaged(formText(read.form, 'staged')) : await stagedFile(read.form.get('file'));
  } catch (error) {
    if (error instanceof ImportRefusal) return refused(error.status, error.message);
    throw error;
  }
  if (!upload)
    return refused(422, importing ? 'The file of the dry run is no longer here: choose it again.' : 'Choose a CSV file to import.');
  const importRequest = {
    db: handle.db,
    file: upload.path,
    defaultEdition: edition.slug,
    onlyEditionId: null,
    dryRun: !importing,
    sendEmail: importing && formText(read.form, 'send_email') === 'yes',
    eachRow: importing && formText(read.form, 'each_row') === 'yes',
    now: requestNow(request),
    actor: adminLabel(admin),
  };
  try {
    if (!importing)
      return { status: 200, shown: { problems: [], report: await dryRunImport(importRequest), staged: upload.id, job: null } };
    // The job keeps its own name for the file: the staged one goes now.
    const started = await startImport(importRequest).finally(() => dropStaged(upload));
    if (started.rows > IMPORT_ANSWER_AT_ONCE_ROWS)
      return { status: 200, shown: await jobShown(handle, { id: String(started.id), edition: edition.slug }) };
    return { status: 200, shown: { problems: [], report: await started.finished, staged: null, job: null } };
  } catch (error) {
    await dropStaged(upload);
    if (error instanceof ImportRefusal) return refused(error.status, error.message);
    throw error;
  }
}

/** The page of an import by its id: its progress, and its report once done. */
async function jobShown(handle: Pick<DbHandle, 'db'>, { id, edition }: { id: string | null; edition: string }): Promise<Shown> {
  const found = id && /^\d{1,9}$/.test(id) ? await readImportJob(handle.db, Number(id)) : null;
  // Another edition's import is not this page's.
  const job = found?.lockKey === edition ? found : null;
  return { problems: [], report: job?.report ?? null, staged: null, job };
}

async function stagedFile(file: FormDataEntryValue | null): Promise<StagedUpload | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  return stageUpload(file.stream(), file.size);
}

/**
 * The running import's progress as JSON (`&progress=json`), which the page's island asks for every
 * two seconds; null when the page asks for the page. Never cached: it changes with every slice.
 */
export function importProgressAnswer(url: URL, screen: Pick<RegistrantImportScreen, 'job'>): Response | null {
  if (url.searchParams.get('progress') !== 'json') return null;
  const { job } = screen;
  const body = job
    ? { status: job.status, rowsDone: job.rowsDone, rowsTotal: job.rowsTotal, refused: job.refused }
    : { status: 'unknown', rowsDone: 0, rowsTotal: 0, refused: 0 };
  return new Response(JSON.stringify(body), {
    status: job ? 200 : 404,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
