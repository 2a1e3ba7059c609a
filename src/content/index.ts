/**
 * The demo content seeded on first start, gathered per edition. The people are fictional.
 */
import type {
  BonusBundleItemInput,
  FaqItemInput,
  HostInput,
  ImplementationSessionInput,
  SpeakerInput,
  SponsorInput,
} from '../domain/entities.ts';
import { demoEditions, type DemoEdition } from './editions.ts';
import { faqItems } from './faq.ts';
import * as august from './people/august.ts';
import { septemberBonusBundle } from './people/bonus-bundle.ts';
import { augustSessions, septemberSessions } from './people/implementation.ts';
import * as july from './people/july.ts';
import * as september from './people/september.ts';
import { sponsors } from './sponsors.ts';

export interface DemoEditionContent extends DemoEdition {
  speakers: SpeakerInput[];
  hosts: HostInput[];
  implementationSessions: ImplementationSessionInput[];
  bonusBundle: BonusBundleItemInput[];
}

const peopleBySlug: Record<string, Omit<DemoEditionContent, keyof DemoEdition>> = {
  july: { speakers: july.speakers, hosts: july.hosts, implementationSessions: [], bonusBundle: [] },
  august: { speakers: august.speakers, hosts: august.hosts, implementationSessions: augustSessions, bonusBundle: [] },
  september: {
    speakers: september.speakers,
    hosts: september.hosts,
    implementationSessions: septemberSessions,
    bonusBundle: septemberBonusBundle,
  },
};

export const demoContent = {
  editions: demoEditions.map((demo): DemoEditionContent => {
    const people = peopleBySlug[demo.edition.slug];
    if (!people) throw new Error(`No demo people for edition ${demo.edition.slug}`);
    return { ...demo, ...people };
  }),
  sponsors: sponsors satisfies SponsorInput[],
  faqItems: faqItems satisfies FaqItemInput[],
};
