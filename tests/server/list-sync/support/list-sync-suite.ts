/**
 * What every e-mail list sync suite starts from (docs/decisions/0059): the three providers'
 * stand-ins with their keys, no registrants, events or connections, and the helpers that make a
 * connection, import a CSV and run the list-sync deliveries until none is due.
 */
import { beforeEach, expect } from 'vitest';
import { configureListSync } from '../../../../src/server/list-sync/list-sync-config.ts';
import { saveConnection } from '../../../../src/server/list-sync/connections.ts';
import { deliverDueListCalls } from '../../../../src/server/list-sync/list-sync-kind.ts';
import { registrants, webhookEndpoints, webhookEvents } from '../../../../src/server/db/schema.ts';
import { dropStaged, stageUpload } from '../../../../src/server/registrants/import-upload.ts';
import { importRegistrants } from '../../../../src/server/registrants/registrant-import.ts';
import type { useTestDatabase } from '../../../support/databases.ts';
import { useActiveCampaign, useKit, useMailchimp } from '../../../support/list-stand-ins/vitest-hooks.ts';

export const KIT_KEY = 'kit_live_0123456789abcdef';
export const MAILCHIMP_KEY = '0123456789abcdef0123456789abcdef-us6';
export const AC_KEY = 'ac0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef01';

export function useListSyncSuite(ctx: ReturnType<typeof useTestDatabase>) {
  const kit = useKit(KIT_KEY);
  const mailchimp = useMailchimp(MAILCHIMP_KEY);
  const activecampaign = useActiveCampaign(AC_KEY);
  beforeEach(async () => {
    await ctx.db.delete(registrants);
    await ctx.db.delete(webhookEvents);
    await ctx.db.delete(webhookEndpoints);
    for (const standIn of [kit, mailchimp, activecampaign]) standIn.reset();
    configureListSync({ kit: `${kit.url}/v4`, mailchimp: `${mailchimp.url}/3.0`, activecampaign: `${activecampaign.url}/api/3` });
  });

  const connect = async (provider: string, rules: Record<string, string>, extra: { apiKey: string; accountUrl?: string }) => {
    const saved = await saveConnection(
      ctx.db,
      {
        id: null,
        provider,
        apiKey: extra.apiKey,
        accountUrl: extra.accountUrl ?? '',
        editionId: '',
        ruleValues: (name) => rules[name] ?? '',
      },
      { allowPrivate: false },
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    return saved.id;
  };
  const drain = async (now = new Date()) => {
    while ((await deliverDueListCalls({ db: ctx.db, allowPrivate: false, now })).claimed > 0);
  };
  /** A CSV imported into august (the default edition) as the admin's Import does; no row may be refused. */
  const importCsv = async (csv: string) => {
    const upload = await stageUpload(new Blob([csv]).stream());
    try {
      const report = await importRegistrants({
        db: ctx.db,
        file: upload.path,
        defaultEdition: 'august',
        onlyEditionId: null,
        dryRun: false,
        sendEmail: false,
        now: new Date(),
        actor: 'test',
      });
      expect(report.refused).toBe(0);
    } finally {
      await dropStaged(upload);
    }
  };
  return { kit, mailchimp, activecampaign, connect, drain, importCsv };
}
