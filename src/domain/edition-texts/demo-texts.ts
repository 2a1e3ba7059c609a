/**
 * The demo summit's words, exactly as docs/PRODUCT.md gives them: the demo editions show these,
 * and a settings document written before editions had their own words is read with them (what
 * its pages showed then). A new edition starts from neutral-texts.ts instead.
 */
import type { EditionTexts } from './schema.ts';

export const DEMO_TEXTS: EditionTexts = {
  landing: {
    hero: { strapline: 'Free · 3 days · Audio-only private podcast', callToAction: 'Save Your Free Spot' },
    about: {
      shown: true,
      heading: 'About the Summit',
      body: [
        '**Audio-only, by design.** Three days of episodes delivered to a private podcast feed, so you can listen on a walk, at your altar or between clients.',
        '**Sacred conversations.** Coaches, guides and practitioners share how they build businesses rooted in purpose, intuition and integrity.',
        '**Integration retreat.** When the summit ends, a virtual Integration Retreat helps you turn insight into aligned action.',
      ].join('\n\n'),
      receiveHeading: 'What you receive',
      receive: ['3-day summit access via a private podcast feed', 'The digital magazine', 'Basic integration materials'],
      receiveNote: 'The optional upgrade adds extended access and the virtual Integration Retreat.',
    },
    host: {
      shown: true,
      heading: 'Meet Your Host',
      placeholderName: '[Your Name]',
      placeholderTitle: '[X] years of guiding heart-led entrepreneurs',
      placeholderBio:
        '[Your bio goes here: placeholder text for the host to replace. Share your story, the work you do and why you are bringing these sacred business conversations together.]',
    },
    whyAudio: {
      shown: true,
      heading: 'Why Audio-Only?',
      points: [
        {
          title: 'Intimate audio',
          text: 'Voices in your ear feel like a conversation with a trusted friend, not a performance on a screen.',
        },
        {
          title: 'Honour your rhythm',
          text: 'Listen when your energy is ready, whether that is at dawn, on a walk or after the school run.',
        },
        { title: 'Replay and download episodes', text: 'Return to the episodes that move you and download them to listen offline.' },
        {
          title: 'Energy over perfection',
          text: 'Without cameras and slides, our speakers share from the heart instead of polishing a presentation.',
        },
      ],
    },
    speakers: {
      shown: true,
      heading: 'Meet the Speakers',
      intro: 'Coaches, guides and practitioners sharing sacred conversations about business, visibility and abundance.',
    },
    schedule: {
      shown: true,
      heading: 'Summit Schedule',
      summitCard: {
        title: 'Podcast Summit',
        tagline: '3 days',
        points: ['Audio-only', 'Listen on your schedule', 'Download for offline', 'Private podcast feed'],
      },
      laterCard: {
        title: 'Implementation Retreat',
        tagline: 'A VIP integration experience',
        points: ['Guided integration sessions', 'Digital retreat', 'Community space', 'Bonus content'],
      },
      differenceHeading: 'What Makes This Different',
      difference: ['No live Zooms', 'No slideshows', 'No fluff'],
    },
    sponsors: {
      shown: true,
      heading: 'Sacred Sponsors',
      premiumLabel: 'Premium Sponsor',
      supportingLabel: 'Supporting Sponsor',
      enquiryPrompt: 'Want to support the summit?',
      enquiryLabel: 'Enquire about sponsorship',
    },
    faq: { shown: true, heading: 'Frequently Asked Questions' },
    closing: {
      shown: true,
      heading: 'Ready to align your business with your soul?',
      text: 'Join us for three days of sacred business conversations.',
      showHostLinks: true,
    },
  },
  consentTopics: 'reminders, the digital magazine and offers',
  disclaimer:
    'Disclosure: some links on this page are affiliate links. We may earn a commission at no extra cost to you. We only recommend what we trust.',
  thankYou: {
    videoPlaceholder: 'Welcome video coming soon',
    intro:
      'The summit runs {{summit_dates}}, delivered via a private podcast straight to your favourite listening app. Your access details are on their way, so keep an eye on your inbox.',
    offer: {
      shown: true,
      heading: 'Integration Retreat Deep Dive',
      subheading: '{{retreat_dates}}, online, exclusive to {{pass_name}} holders',
    },
    notReady: {
      shown: true,
      heading: 'Not ready to upgrade?',
      text: 'No problem. Meet fellow listeners and get ready for the summit together.',
      linkLabel: 'Continue to the Summit Community',
    },
  },
  dayPage: {
    hostHeading: 'Your Host',
    hostWelcome: "Welcome to today's sacred conversations. Settle in, get comfortable and let the audio hold you.",
    upgradeHeading: 'Ready to Continue Your Journey?',
    upgradeText:
      'The {{pass_name}} gives you 30-day extended access to every conversation, the 4-Day Integration Retreat and the bonus library.',
  },
  dashboard: {
    freeBenefits: ['3-day summit access', 'Digital magazine copy', 'Basic integration materials'],
    noBonuses: 'Your bonuses will appear here soon.',
  },
  meta: {
    description: '',
    socialImage: '',
    lang: 'en',
  },
};
