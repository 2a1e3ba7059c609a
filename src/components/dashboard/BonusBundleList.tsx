/** The dashboard's "Bonus Bundle" (docs/PRODUCT.md "Dashboards", September): the bundle's items, or the error or empty text. */
import type { BlockState } from '../../domain/block-state.ts';
import type { ShownBonusItem } from '../../domain/shown-content.ts';
import { BonusBundleCard } from '../BonusBundleCard.tsx';
import { BlockError, EmptyNote, cardGridClass } from './DashboardSection.tsx';

function Body({ bundle }: { bundle: BlockState<ShownBonusItem[]> }) {
  if (bundle.state === 'error') return <BlockError>Error loading bonus bundle items. Please try again later.</BlockError>;
  if (bundle.data.length === 0) return <EmptyNote>No bonus items available yet</EmptyNote>;
  return (
    <ul className={cardGridClass(bundle.data.length)}>
      {bundle.data.map((item) => (
        <li key={item.id}>
          <BonusBundleCard item={item} headingLevel="h4" />
        </li>
      ))}
    </ul>
  );
}

export function BonusBundleList({ bundle }: { bundle: BlockState<ShownBonusItem[]> }) {
  return (
    <div role="group" aria-labelledby="bonus-bundle-heading" data-bonus-bundle="" className="mt-12">
      <h3 id="bonus-bundle-heading" className="mb-6 text-center font-serif text-2xl font-bold text-ink">
        Bonus Bundle
      </h3>
      <Body bundle={bundle} />
    </div>
  );
}
