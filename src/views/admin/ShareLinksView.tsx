/**
 * /admin/editions/{slug}/share-links (decision 0038): each speaker's and host's share
 * link, its code (editable), and the private link of their own page (revoke, issue a new one).
 */
import type { ShareLinkNotice, ShareLinkRow } from '../../domain/attribution/share-link-row.ts';
import { Field, messagesOf } from '../../components/form/Field.tsx';
import { CARD, INPUT, LINK, SMALL_PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { ActionButton } from './catalogue/CatalogueScreen.tsx';
import { Notice } from './editions/notices.tsx';
import { shareLinkActions } from '../../domain/admin-actions.ts';

const KIND_LABELS: Record<ShareLinkRow['kind'], string> = { speaker: 'Speaker', host: 'Host', unlisted: 'No longer listed' };

function CodeForm({ row, notice }: { row: ShareLinkRow; notice: ShareLinkNotice | null }) {
  const refused = notice?.refused?.id === row.id ? notice : null;
  const fieldId = `code-${row.id}`;
  return (
    <form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="action" value={shareLinkActions.enum.code} />
      <input type="hidden" name="id" value={row.id} />
      <Field id={fieldId} name="code" label={`Code for ${row.name}`} adminField={false} messages={messagesOf(refused?.message)}>
        {(control) => <input {...control} defaultValue={refused?.refused?.code ?? row.code} maxLength={40} className={INPUT} />}
      </Field>
      <button type="submit" className={SMALL_PRIMARY_BUTTON}>
        Save code
      </button>
    </form>
  );
}

function PageLink({ row }: { row: ShareLinkRow }) {
  const action = row.pageUrl ? shareLinkActions.enum.revoke : shareLinkActions.enum.reissue;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {row.pageUrl ? (
        <a className={LINK} href={row.pageUrl} data-speaker-page-link="">
          {row.name}’s own page
        </a>
      ) : (
        <span className="text-muted">Their page link is revoked.</span>
      )}
      <ActionButton
        id={row.id}
        action={action}
        label={row.pageUrl ? `Revoke ${row.name}’s page link` : `Issue a new page link for ${row.name}`}
      />
      {row.pageUrl ? <ActionButton id={row.id} action={shareLinkActions.enum.reissue} label={`New page link for ${row.name}`} /> : null}
    </div>
  );
}

export function ShareLinksView({ slug, rows, notice }: { slug: string; rows: ShareLinkRow[]; notice: ShareLinkNotice | null }) {
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-muted">
        Each speaker and host has a share link: it leads to the summit’s landing page and remembers them for 30 days as the one who sent the
        visitor (the first link followed counts). Add <code>?utm_source=…&amp;utm_medium=…&amp;utm_campaign=…</code> to any link to name a
        campaign. Their own page (a private link: send it to them) shows their registrations, listeners and place on the{' '}
        <a className={LINK} href={`/admin/insights?edition=${slug}`}>
          leaderboard
        </a>
        . Partners’ links, and everyone’s commission, are on{' '}
        <a className={LINK} href={`/admin/affiliates?edition=${slug}`}>
          Affiliates
        </a>
        .
      </p>
      {notice && !notice.refused ? <Notice message={notice.message} /> : null}
      {rows.length === 0 ? <p>The edition has no speakers or hosts yet.</p> : null}
      <ul className="space-y-4">
        {rows.map((row) => (
          <li key={row.id} className={CARD} data-share-link={row.code}>
            <p className="font-semibold">
              <span data-share-name="">{row.name}</span> <span className="text-sm font-normal text-muted">· {KIND_LABELS[row.kind]}</span>
            </p>
            <p className="mt-1 text-sm">
              Share link: <code data-share-url="">{row.shareUrl}</code>
            </p>
            <div className="mt-3 space-y-3">
              <CodeForm row={row} notice={notice} />
              <PageLink row={row} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
