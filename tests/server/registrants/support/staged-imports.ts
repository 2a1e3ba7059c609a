/**
 * An import's request for a CSV given as text, staged as an upload is (and removed after each
 * test), for the registrant import suites: july is the default edition, nothing is sent.
 */
import { afterEach } from 'vitest';
import type { Database } from '../../../../src/server/db/client.ts';
import { dropStaged, stageUpload, type StagedUpload } from '../../../../src/server/registrants/import-upload.ts';
import type { ImportRequest } from '../../../../src/server/registrants/registrant-import.ts';
import { NOW } from '../../api/support/api-server.ts';

export type ImportOptions = Partial<Omit<ImportRequest, 'db' | 'file'>>;

export function useStagedImports(ctx: { db: Database }) {
  const staged: StagedUpload[] = [];
  afterEach(async () => {
    for (const upload of staged.splice(0)) await dropStaged(upload);
  });
  return async function request(csv: string, options: ImportOptions = {}): Promise<ImportRequest> {
    const upload = await stageUpload(new Blob([csv]).stream());
    staged.push(upload);
    return {
      db: ctx.db,
      file: upload.path,
      defaultEdition: 'july',
      onlyEditionId: null,
      dryRun: false,
      sendEmail: false,
      now: NOW,
      actor: 'test',
      ...options,
    };
  };
}
