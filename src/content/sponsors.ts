/**
 * The four hard-coded Sacred Sponsors of the landing page (docs/PRODUCT.md "Sponsors"): one Premium and
 * three Supporting. The shops are fictional; logos are generated placeholders under
 * public/demo/sponsors/ (see tools/make-demo-images.ts).
 */
import type { SponsorInput } from '../domain/entities.ts';

export const sponsors = [
  {
    name: 'Moonwell Crystals',
    type: 'Premium',
    description:
      'Ethically sourced crystals and hand-assembled crystal sets for healers, coaches and sacred workspaces, each cleansed and packed with care.',
    logo: '/demo/sponsors/moonwell-crystals.svg',
    offer: '15% off crystal sets',
  },
  {
    name: 'Nightjar Oracle House',
    type: 'Supporting',
    description:
      'Independent oracle and tarot decks illustrated by small-batch artists, with guidebooks written for everyday intuitive practice.',
    logo: '/demo/sponsors/nightjar-oracle-house.svg',
    offer: 'Free shipping on oracle sets',
  },
  {
    name: 'Quillmoon Planners',
    type: 'Supporting',
    description: 'Digital planners and journals designed for cyclical, heart-led business owners who plan by season, moon and energy.',
    logo: '/demo/sponsors/quillmoon-planners.svg',
    offer: '20% off digital planners',
  },
  {
    name: 'Hearthbloom Ritual Co.',
    type: 'Supporting',
    description: 'Seasonal ritual kits with candles, dried herbs and guided practices for meaningful ceremonies at home or in your studio.',
    logo: '/demo/sponsors/hearthbloom-ritual-co.svg',
    offer: 'Bundle deals on ritual kits',
  },
] satisfies SponsorInput[];
