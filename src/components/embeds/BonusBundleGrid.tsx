/** The bonus bundle widget: one card per item, or the loading, empty and error texts of docs/PRODUCT.md "Widgets and embeds". */
import { EMBED_MESSAGES } from '../../domain/embed-page.ts';
import type { ShownBonusItem } from '../../domain/shown-content.ts';
import { BonusBundleCard } from '../BonusBundleCard.tsx';
import { Spinner } from '../Spinner.tsx';

type Props = { state: 'loading' } | { state: 'error' } | { state: 'success'; items: ShownBonusItem[] };

export function BonusBundleGrid(props: Props) {
  if (props.state === 'loading') return <Spinner label={EMBED_MESSAGES.bonusLoading} />;
  if (props.state === 'error')
    return (
      <p role="alert" className="p-6 text-center text-muted">
        {EMBED_MESSAGES.bonusError}
      </p>
    );
  if (props.items.length === 0) return <p className="p-6 text-center text-muted">{EMBED_MESSAGES.bonusEmpty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {props.items.map((item) => (
        <li key={item.id} className="flex">
          <BonusBundleCard item={item} headingLevel="h2" />
        </li>
      ))}
    </ul>
  );
}
