/**
 * Admin → Suppressed addresses (docs/decisions/0082): the addresses the site sends nothing to but
 * the access links they ask for, with why (a hard bounce, a complaint, soft bounces in a row, an
 * admin) and since when; stopping e-mail to an address by hand, and lifting a suppression.
 */
import type { SuppressionView } from '../../domain/suppression/suppression-view.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { CARD, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { ActionButton, CatalogueItem, CatalogueScreen } from './catalogue/CatalogueScreen.tsx';

export interface SuppressionsViewProps {
  suppressions: SuppressionView[];
  address: string;
  message?: string | undefined;
  problem?: string | undefined;
}

function AddForm({ address }: { address: string }) {
  return (
    <form method="post" className={`${CARD} space-y-4`} data-add-suppression="">
      <h2 className="text-lg font-semibold">Stop e-mail to an address</h2>
      <input type="hidden" name="action" value="add" />
      <TextField name="address" label="E-mail address" type="email" adminField={false} defaultValue={address} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Stop e-mail to it
      </button>
    </form>
  );
}

/** One suppression's card: the address, why and since when, the server's answer, and its lift. */
export function SuppressionItem({ suppression: s, liftable = true }: { suppression: SuppressionView; liftable?: boolean }) {
  return (
    <CatalogueItem
      id={s.id}
      marker="data-suppression"
      title={s.address}
      summary={[`${s.reasonText} since ${s.since} UTC`, s.liftedAt && `lifted ${s.liftedAt} UTC${s.liftedBy ? ` by ${s.liftedBy}` : ''}`]}
    >
      {s.detail ? <p className="text-sm break-all font-mono">{s.detail}</p> : null}
      {liftable && !s.liftedAt ? <ActionButton id={s.id} action="lift" label="Lift the suppression" /> : null}
    </CatalogueItem>
  );
}

export function SuppressionsView({ suppressions, address, message, problem }: SuppressionsViewProps) {
  return (
    <CatalogueScreen
      message={message}
      problem={problem}
      intro={
        <p className="text-sm text-muted">
          The site sends these addresses nothing, not even their pass confirmations, except the access links they ask for themselves with
          "Find my access". An address is added when the receiving server refuses it for good (a hard bounce), after three soft bounces in a
          row, or by you. Lifting a suppression lets the next e-mails go.
        </p>
      }
      createForm={<AddForm address={address} />}
      items={suppressions}
      empty="No address is suppressed."
    >
      {(row) => <SuppressionItem key={row.id} suppression={row} />}
    </CatalogueScreen>
  );
}
