/**
 * Demo bonus bundle for the September edition. docs/PRODUCT.md "Content entities" gives two readings of a bonus item and
 * both are exercised here: four items use the bonusBundle* fields (title, image, crossed-out
 * regular price, description) and two use the speaker-style reading (image, names, topic, bio
 * and a freebie), with the fields of the other reading left null. Everyone here is fictional.
 */
import type { BonusBundleItemInput } from '../../domain/entities.ts';

export const septemberBonusBundle = [
  {
    bonusBundleTitle: 'Full Moon Business Ritual Kit',
    bonusBundleImage: '/demo/bonus/full-moon-business-ritual-kit.svg',
    bonusBundlePrice: '47',
    bonusBundleDescription:
      'A printable ritual kit for reviewing, releasing and celebrating your business at every full moon. Includes **twelve monthly rituals**, journal pages and a short guided audio.',
    image: null,
    firstName: null,
    lastName: null,
    topic: null,
    bio: null,
    freebie: null,
  },
  {
    bonusBundleTitle: 'Aligned Launch Planner',
    bonusBundleImage: '/demo/bonus/aligned-launch-planner.svg',
    bonusBundlePrice: '97',
    bonusBundleDescription:
      'A complete digital planner for mapping an **energy-aligned launch** from first idea to closing day, with Human Design prompts for every decision along the way.',
    image: null,
    firstName: null,
    lastName: null,
    topic: null,
    bio: null,
    freebie: null,
  },
  {
    bonusBundleTitle: 'Abundance Breathwork Audio Series',
    bonusBundleImage: '/demo/bonus/abundance-breathwork-audio-series.svg',
    bonusBundlePrice: '67',
    bonusBundleDescription:
      'Five guided **breathwork journeys** for expanding your capacity to receive, recorded exclusively for September attendees. Download them once and keep them forever.',
    image: null,
    firstName: null,
    lastName: null,
    topic: null,
    bio: null,
    freebie: null,
  },
  {
    bonusBundleTitle: 'Soulful Offer Design Workbook',
    bonusBundleImage: '/demo/bonus/soulful-offer-design-workbook.svg',
    bonusBundlePrice: '37',
    bonusBundleDescription:
      'A step-by-step workbook for naming, pricing and describing your next offer, with **intuitive prompts** alongside practical checklists.',
    image: null,
    firstName: null,
    lastName: null,
    topic: null,
    bio: null,
    freebie: null,
  },
  {
    bonusBundleTitle: null,
    bonusBundleImage: null,
    bonusBundlePrice: null,
    bonusBundleDescription: null,
    image: '/demo/people/vivienne-ashgrove.svg',
    firstName: 'Vivienne',
    lastName: 'Ashgrove',
    topic: 'Sacred Pricing Meditation and Workbook',
    bio: 'Vivienne is a pricing mentor for healers and coaches who believes a fair price is an act of respect. Her gentle approach has helped hundreds of practitioners raise their rates with confidence.\n\nShe is contributing her **Sacred Pricing** meditation and workbook to the September bonus bundle. Learn more at [vivienne-ashgrove.example.com](https://vivienne-ashgrove.example.com).',
    freebie: {
      title: 'Sacred Pricing Meditation',
      description: 'A **twenty-minute guided meditation** and companion workbook for finding a price that feels aligned.',
      image: '',
      downloadUrl: 'https://gifts.example.com/september/bonus/sacred-pricing-meditation.zip',
    },
  },
  {
    bonusBundleTitle: null,
    bonusBundleImage: null,
    bonusBundlePrice: null,
    bonusBundleDescription: null,
    image: '/demo/people/hugo-merriweather.svg',
    firstName: 'Hugo',
    lastName: 'Merriweather',
    topic: 'Podcast Guest Pitching Templates',
    bio: 'Hugo is a podcast booking agent who has placed spiritual entrepreneurs on hundreds of shows. He believes a good pitch is simply a generous introduction.\n\nHe is sharing his **Heartfelt Pitch** templates with September attendees. See more of his work at [hugo-merriweather.example.com](https://hugo-merriweather.example.com).',
    freebie: {
      title: 'Podcast Pitch Templates',
      description: 'Five **warm, personal pitch templates** for getting booked as a guest on podcasts that fit your work.',
      image: '',
      downloadUrl: 'https://gifts.example.com/september/bonus/podcast-pitch-templates.pdf',
    },
  },
] satisfies BonusBundleItemInput[];
