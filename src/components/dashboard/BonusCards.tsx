/** The edition's bonus cards (docs/PRODUCT.md "Dashboards"): title, description and a button to the bonus. */
import type { DashboardPageData } from '../../domain/dashboard-page.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';
import { DASHBOARD_CARD_CLASS, cardGridClass } from './DashboardSection.tsx';

export function BonusCards({ cards }: { cards: DashboardPageData['bonusCards'] }) {
  if (cards.length === 0) return null;
  return (
    <ul className={cardGridClass(cards.length)}>
      {cards.map((card, index) => (
        <li key={`${index}-${card.title}`} data-bonus-card="" className={`flex flex-col ${DASHBOARD_CARD_CLASS}`}>
          <h3 className="font-serif text-xl font-bold text-ink">{card.title}</h3>
          {card.description ? <p className="mt-2 flex-1 text-muted">{card.description}</p> : <div className="flex-1" />}
          <div className="mt-6">
            <ExternalLinkButton href={card.url}>{card.buttonLabel || 'Open'}</ExternalLinkButton>
          </div>
        </li>
      ))}
    </ul>
  );
}
