/**
 * Demo Implementation Week sessions for the August and September editions, one per day 1-5.
 * The facilitators are speakers of the same edition (same name, headshot and session link).
 * The arrays are deliberately NOT in day order (the closing ceremony comes first and the
 * opening ceremony sits in the middle) so that the code which sorts sessions by day is
 * really exercised. One session per edition has no link ('No session link available').
 */
import type { ImplementationSessionInput } from '../../domain/entities.ts';

export const augustSessions = [
  {
    firstName: 'Clementine',
    lastName: 'Avery',
    headshot: '/demo/people/clementine-avery.svg',
    topic: 'Closing Ceremony: Vision Activation for Your Next Season',
    description:
      'We close Implementation Week with a vision ceremony to gather what you have learned. Clementine guides you to release what is complete and call in your next season. Bring a journal and something that represents your vision.',
    day: 5,
    integrationSessionLink: 'https://integration.example.org/august/clementine-avery',
  },
  {
    firstName: 'Lila',
    lastName: 'Montague',
    headshot: '/demo/people/lila-montague.svg',
    topic: 'Strategy Lab: Mapping Your Aligned Launch',
    description:
      'A hands-on working session to map your next launch week by week. Each decision is checked against your Human Design authority, so the plan feels like yours. Bring your chart and your calendar.',
    day: 3,
    integrationSessionLink: 'https://integration.example.org/august/lila-montague',
  },
  {
    firstName: 'Rosalind',
    lastName: 'Thorne',
    headshot: '/demo/people/rosalind-thorne.svg',
    topic: 'Opening Ceremony: Arriving in Your Body of Work',
    description:
      'We open Implementation Week together with a space-clearing ceremony for your workspace and your intentions. Rosalind guides you to arrive fully in your body of work and name what you want this week to change. Have a candle, a crystal and a glass of water nearby.',
    day: 1,
    integrationSessionLink: 'https://integration.example.org/august/rosalind-thorne',
  },
  {
    firstName: 'Yara',
    lastName: 'Calloway',
    headshot: '/demo/people/yara-calloway.svg',
    topic: 'Oracle Offer Channeling Workshop',
    description:
      'Use a guided oracle spread to channel, name and shape your next offer. You will leave with a one-page outline of the offer, its promise and its price.',
    day: 4,
    integrationSessionLink: null,
  },
  {
    firstName: 'Delphine',
    lastName: 'Marchetti',
    headshot: '/demo/people/delphine-marchetti.svg',
    topic: 'Tapping Circle: Releasing the Fear of Raising Prices',
    description:
      'A group EFT tapping session focused on the fears that surface when you charge more. Delphine leads you through a personal tapping script you can reuse before every price announcement.',
    day: 2,
    integrationSessionLink: 'https://integration.example.org/august/delphine-marchetti',
  },
] satisfies ImplementationSessionInput[];

export const septemberSessions = [
  {
    firstName: 'Ondine',
    lastName: 'Hartley',
    headshot: '/demo/people/ondine-hartley.svg',
    topic: 'Closing Ceremony: Channeling Your Next Season',
    description:
      'We close Implementation Week with a channeled vision ceremony for the year ahead. Ondine guides you to gather your summit insights and receive a clear direction for your next season. Bring a journal, a candle and your summit notes.',
    day: 5,
    integrationSessionLink: 'https://integration.example.org/september/ondine-hartley',
  },
  {
    firstName: 'Flora',
    lastName: 'Ashdown',
    headshot: '/demo/people/flora-ashdown.svg',
    topic: 'Crystal Grid Circle: Calling In Your Clients',
    description:
      'Build a client-attraction crystal grid together, step by step, using stones you already own. Flora explains the intention behind each placement so you can adapt the grid later.',
    day: 2,
    integrationSessionLink: 'https://integration.example.org/september/flora-ashdown',
  },
  {
    firstName: 'Esme',
    lastName: 'Calder',
    headshot: '/demo/people/esme-calder.svg',
    topic: 'Opening Ceremony: Breathing Into Abundance',
    description:
      'We open Implementation Week with a group breath ceremony to expand your capacity to receive. Esme guides a gentle, connected breath journey followed by a short sharing circle. Lie down somewhere comfortable with a blanket nearby.',
    day: 1,
    integrationSessionLink: 'https://integration.example.org/september/esme-calder',
  },
  {
    firstName: 'Maeve',
    lastName: 'Kinsella',
    headshot: '/demo/people/maeve-kinsella.svg',
    topic: 'Voice Activation Session',
    description:
      'A live toning and voice session to find the resonance of your message. No singing experience is needed, just a willingness to make some sound.',
    day: 4,
    integrationSessionLink: null,
  },
  {
    firstName: 'Aurelia',
    lastName: 'Stone',
    headshot: '/demo/people/aurelia-stone.svg',
    topic: 'Money Embodiment Lab',
    description:
      'A somatic money session to feel, hold and expand your capacity for wealth. Aurelia pairs body-based practice with one practical financial step you can take the same day.',
    day: 3,
    integrationSessionLink: 'https://integration.example.org/september/aurelia-stone',
  },
] satisfies ImplementationSessionInput[];
