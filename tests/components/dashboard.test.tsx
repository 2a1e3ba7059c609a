import { pageMeta } from '../../src/domain/page-meta.ts';
import { hostCardTexts } from '../../src/domain/edition-texts/page-texts.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BonusBundleCard } from '../../src/components/BonusBundleCard.tsx';
import { daySummary } from '../../src/components/dashboard/DayAccordion.tsx';
import { demoEditions } from '../../src/content/editions.ts';
import { scheduleDates } from '../../src/domain/edition-dates/day-windows.ts';
import type { DashboardPageData } from '../../src/domain/dashboard-page.ts';
import { editionSettingsSchema } from '../../src/domain/edition-settings/schema.ts';
import {
  bonusBundleItemInputSchema,
  implementationSessionInputSchema,
  speakerInputSchema,
  type BonusBundleItemInput,
  type ImplementationSessionInput,
  type SpeakerInput,
} from '../../src/domain/entities.ts';
import type { ShownBonusItem, ShownSession, ShownSpeaker } from '../../src/domain/shown-content.ts';
import { showBonusItem, showPerson, showSession } from '../../src/markup/shown-content.ts';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { presetPasses, tierOffers, checkoutUrlsOf } from '../../src/domain/offers.ts';
import { DashboardPage } from '../../src/views/DashboardPage.tsx';

const PRICING = { now: new Date('2025-07-01T00:00:00Z'), currency: 'usd', timeZone: 'UTC', lang: 'en', replayPaid: null };
import {
  allWithAttribute,
  attribute,
  attributesOf,
  elements,
  elementsByTag,
  firstByTag,
  headingLevels,
  hrefs,
  linkTo,
  parseHtml,
  textOf,
  textsOf,
  unsafeMarkup,
  withAttribute,
  type Markup,
} from '../support/html.ts';

const AUDIO = 'player.example-audio.com';
const NOW = Date.parse('2025-07-20T00:00:00Z');

/** The first element with the attribute (and value), as a part of the page to look into. */
const part = withAttribute;
/** Every element with the attribute (and value), in document order. */
const parts = allWithAttribute;
/** Whether the markup holds an element with the attribute (and value). */
const has = (markup: Markup, name: string, value?: string) => allWithAttribute(markup, name, value).length > 0;

/** Content as the server hands it to the page (markdown already rendered: src/markup/shown-content.ts). */
const speaker = (id: number, input: Partial<SpeakerInput> = {}): ShownSpeaker =>
  showPerson({ ...speakerInputSchema.parse({ firstName: `Speaker${id}`, lastName: 'Moon', day: 1, topic: `Topic ${id}`, ...input }), id });
const session = (id: number, input: Partial<ImplementationSessionInput> = {}): ShownSession =>
  showSession({
    ...implementationSessionInputSchema.parse({ firstName: `Guide${id}`, lastName: 'Star', topic: `Session ${id}`, day: 1, ...input }),
    id,
  });
const bundleItem = (id: number, input: BonusBundleItemInput): ShownBonusItem =>
  showBonusItem({ ...bonusBundleItemInputSchema.parse(input), id });

type Slug = 'july' | 'august' | 'september';

/** A dashboard's data built by hand from the real demo edition settings. */
function dashboardData(slug: Slug, overrides: Partial<DashboardPageData> = {}): DashboardPageData {
  const demo = demoEditions.find((edition) => edition.edition.slug === slug);
  if (!demo) throw new Error(`no demo edition ${slug}`);
  const { edition, days } = demo;
  const settings = editionSettingsSchema.parse(edition.settings);
  const { dashboard, links } = settings;
  return {
    summit: slug,
    editionName: edition.name,
    summitDates: `${edition.name} dates 2025`,
    tier: 'aap',
    access: {
      kind: 'open',
      timer: { status: 'counting', mode: 'evergreen', phase: 'evergreen', deadline: NOW + 30 * 86_400_000 },
      redirectTo: links.mainSiteUrl,
    },
    now: NOW,
    timeZone: 'UTC',
    accessDays: settings.accessDays,
    view: 'full',
    days: [1, 2, 3].map((day) => ({
      day,
      info: days.find((info) => info.day === day) ?? null,
      host: { state: 'success', data: null },
      episodes: [],
      listening: { kind: 'open' },
      hostCard: hostCardTexts(settings.texts, day, { hostName: null, hostTitle: null }),
    })),
    speakers: { state: 'success', data: [] },
    schedule:
      dashboard.integrationSchedule === 'static'
        ? // Dated as the loader dates them: entries without a date of their own follow the integration week.
          {
            kind: 'static',
            entries: scheduleDates(dashboard.staticSchedule, settings.integrationWeek!.startDate),
            communityUrl: links.communityUrl,
          }
        : { kind: 'sessions', sessions: { state: 'success', data: [] } },
    integrationWeek: settings.integrationWeek,
    bonusCards: dashboard.bonusCards,
    bonusBundle: dashboard.showBonusBundle ? { state: 'success', data: [] } : null,
    schoolTrialDays: settings.schoolTrialDays,
    tiers: tierOffers(settings.upgrade, checkoutUrlsOf(settings.upgrade, null), PRICING),
    templateUpsell: dashboard.templateUpsell
      ? { ...dashboard.templateUpsell, url: links.templateUrl, paymentUrl: links.paymentUrl, priceText: '$25.00', fullPriceText: '$98.00' }
      : null,
    workshop: dashboard.workshop ? { ...dashboard.workshop, url: links.workshopUrl, priceText: '$4.99' } : null,
    links,
    supportEmail: dashboard.supportEmail,
    addressBounced: false,
    audioHost: AUDIO,
    subscribe: null,
    texts: { noBonuses: settings.texts.dashboard.noBonuses, disclaimer: settings.texts.disclaimer },
    meta: pageMeta(settings.texts, { tagline: 'A tagline' }),
    ...overrides,
  };
}

const render = (data: DashboardPageData, path = `/${data.summit}/dashboard`) =>
  renderToStaticMarkup(<DashboardPage data={data} path={path} />);

/** Every link that opens a new tab is rel="noopener noreferrer" and goes to http(s). */
const expectSafeExternalLinks = (html: Markup) => {
  const tabs = elementsByTag(html, 'a').filter((a) => attribute(a, 'target') === '_blank');
  expect(tabs.length).toBeGreaterThan(0);
  for (const a of tabs) {
    expect(attribute(a, 'rel')).toMatch(/^noopener noreferrer( nofollow)?$/);
    expect(attribute(a, 'href')).toMatch(/^https?:\/\//);
  }
};

describe('DashboardPage', () => {
  it('renders the banner, then main with the sections in order and the disclaimer last', () => {
    const tree = parseHtml(render(dashboardData('september', { workshop: dashboardData('july').workshop })));
    const all = elements(tree);
    const main = firstByTag(tree, 'main');
    // The banner comes before main; inside main, in document order:
    expect(all.indexOf(part(tree, 'data-countdown'))).toBeLessThan(all.indexOf(main));
    expect(has(main, 'data-countdown')).toBe(false);
    const inMain = elements(main);
    const order = [
      firstByTag(main, 'h1'),
      part(main, 'data-dashboard-section', 'summit-days'),
      part(main, 'data-dashboard-section', 'integration-week'),
      part(main, 'data-dashboard-section', 'bonuses'),
      part(main, 'data-dashboard-section', 'go-deeper'),
      part(main, 'data-dashboard-section', 'workshop'),
      part(main, 'data-support-line'),
      part(main, 'aria-label', 'Affiliate disclosure'),
    ].map((element) => inMain.indexOf(element));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(has(main, 'data-welcome')).toBe(true);
    expect(textOf(part(tree, 'data-dashboard-section', 'summit-days'))).toMatch(/^Your Summit Days/);
    expect(textOf(part(tree, 'data-dashboard-section', 'integration-week'))).toMatch(/^Integration Week/);
    expect(textOf(part(tree, 'data-dashboard-section', 'bonuses'))).toMatch(/^Your Bonuses/);
    expect(textOf(part(tree, 'data-dashboard-section', 'go-deeper'))).toMatch(/^Go Deeper/);
  });

  it('shows the session-error notice instead of the countdown, and nothing when untimed', () => {
    const errored = render(dashboardData('july', { access: { kind: 'session-error', redirectTo: null } }), '/dashboard');
    expect(has(errored, 'data-session-error')).toBe(true);
    expect(attribute(part(errored, 'name', 'return'), 'value')).toBe('/dashboard');
    expect(has(errored, 'data-countdown')).toBe(false);
    const untimed = render(dashboardData('july', { access: { kind: 'untimed' } }));
    expect(has(untimed, 'data-countdown')).toBe(false);
    expect(has(untimed, 'data-session-error')).toBe(false);
  });

  it("opens with the 'You're In' welcome, the dates and the access length", () => {
    const html = render(dashboardData('july', { summitDates: 'July 15-17 2025' }));
    const headings = textsOf(html, 'h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]).toContain("You're In");
    expect(headings[0]).toContain('July Summit');
    const welcome = textOf(part(html, 'data-welcome'));
    expect(welcome).toContain('July 15-17 2025');
    expect(welcome).toContain('30 days');
  });

  it('keeps the heading order: one h1, h2 per section, nothing skips a level', () => {
    const data = dashboardData('september', {
      speakers: { state: 'success', data: [speaker(1, { implementationWeek: true })] },
      bonusBundle: { state: 'success', data: [bundleItem(1, { bonusBundleTitle: 'Ritual Kit', bonusBundlePrice: '97' })] },
      schedule: { kind: 'sessions', sessions: { state: 'success', data: [session(1)] } },
    });
    const levels = headingLevels(render(data));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
    expect(levels.filter((level) => level === 2)).toHaveLength(5);
  });

  describe('Your Summit Days', () => {
    it('is a single-open accordion of three <details name="summit-days"> panels', () => {
      const html = render(dashboardData('july'));
      const panels = parts(html, 'data-day-panel');
      expect(panels.map((panel) => panel.tagName)).toEqual(['details', 'details', 'details']);
      panels.forEach((panel, index) => {
        expect(attribute(panel, 'name')).toBe('summit-days');
        expect(attribute(panel, 'data-day-panel')).toBe(String(index + 1));
        expect(attribute(panel, 'open')).toBeUndefined();
      });
      const summaries = textsOf(html, 'summary');
      expect(summaries).toEqual(['Day 1: Rooted in Purpose +', 'Day 2: Magnetic Visibility +', 'Day 3: Abundant Offers +']);
    });

    it('labels a day without info "Day {n}" and never labels a title twice', () => {
      const data = dashboardData('july');
      data.days[1] = { ...data.days[1]!, day: 2, info: null, host: { state: 'error' }, episodes: [], listening: { kind: 'open' } };
      const html = render(data);
      expect(textsOf(html, 'summary')[1]).toBe('Day 2 +');
      expect(daySummary(1, 'Rooted in Purpose')).toBe('Day 1: Rooted in Purpose');
      expect(daySummary(1, 'Day 1: Rooted in Purpose')).toBe('Day 1: Rooted in Purpose');
      expect(daySummary(1, 'Day 12 things')).toBe('Day 1: Day 12 things');
      expect(daySummary(3, '  ')).toBe('Day 3');
      // The day without info or audio still gets the visual-only player (its label, the default duration) and the fallback host.
      const panel = part(html, 'data-day-panel', '2');
      expect(has(panel, 'data-player-toggle')).toBe(true);
      expect(textOf(part(panel, 'data-duration'))).toBe('45:30');
      expect(has(panel, 'data-host-fallback')).toBe(true);
    });

    it("holds each day's episode player, host view (dashboard context) and speakers", () => {
      const data = dashboardData('july', {
        speakers: {
          state: 'success',
          data: [
            speaker(1, { day: 1, firstName: 'Ava' }),
            speaker(2, { day: 2, firstName: 'Bea' }),
            speaker(3, { day: 1, firstName: 'Cleo' }),
          ],
        },
      });
      data.days[0] = {
        ...data.days[0]!,
        episodes: [
          {
            id: 1,
            title: 'Sacred Foundations: Business as a Spiritual Practice',
            speaker: '',
            descriptionHtml: renderMarkup('A short spoken introduction.'),
            duration: '0:07',
            source: { kind: 'audio', src: '/listen/1.mp3', type: 'audio/mpeg' },
            transcript: null,
          },
        ],
        host: {
          state: 'success',
          data: showPerson({
            ...speakerInputSchema.parse({
              firstName: 'Luna',
              day: 1,
              implementationWeek: true,
              integrationSessionLink: 'https://meet.example.com/h',
              helloAudioEmbedId: 'hello-luna-01',
            }),
            id: 9,
          }),
        },
      };
      const html = render(data);
      const day1 = part(html, 'data-day-panel', '1');
      // The dashboard's day shows the host card: a host without a duration gets the card's 25:30 (the day page's loaded view: 5:00).
      expect(textOf(part(day1, 'data-host-card'))).toContain('25:30');
      expect(has(day1, 'data-episode-player')).toBe(true);
      expect(textOf(day1)).toContain('Sacred Foundations: Business as a Spiritual Practice');
      // The day's episode plays in the browser's own player from /listen, with the file's real duration.
      expect(textOf(part(day1, 'data-duration'))).toBe('0:07');
      expect(has(day1, 'src', '/listen/1.mp3')).toBe(true);
      expect(has(day1, 'data-player-toggle')).toBe(false);
      expect(has(day1, 'data-host-card')).toBe(true);
      expect(textOf(day1)).toContain('Access Your Session');
      expect(textOf(day1)).not.toContain('Get the All Access Pass');
      const inDay1 = elements(day1);
      expect(inDay1.indexOf(part(day1, 'data-episode-player'))).toBeLessThan(inDay1.indexOf(part(day1, 'data-host-view')));
      expect(inDay1.indexOf(part(day1, 'data-host-view'))).toBeLessThan(inDay1.indexOf(part(day1, 'data-dashboard-speaker')));
      expect(parts(day1, 'data-dashboard-speaker')).toHaveLength(2);
      expect(textOf(day1)).toContain('Ava Moon');
      expect(textOf(day1)).toContain('Cleo Moon');
      const day2 = part(html, 'data-day-panel', '2');
      expect(parts(day2, 'data-dashboard-speaker')).toHaveLength(1);
      expect(textOf(day2)).toContain('Bea Moon');
      expect(textOf(part(html, 'data-day-panel', '3'))).toContain('Speakers for Day 3 will be announced soon.');
    });

    it('shows a compact card per speaker with photo, name, topic and sanitised short description', () => {
      const html = render(
        dashboardData('july', {
          speakers: {
            state: 'success',
            data: [
              speaker(1, {
                image: '/uploads/ava.jpg',
                firstName: 'Ava',
                topic: 'Rest',
                shortDescription: 'Gentle **rest** <script>alert(1)</script>',
              }),
            ],
          },
        }),
      );
      const card = part(html, 'data-dashboard-speaker');
      expect(attributesOf(firstByTag(card, 'img'))).toMatchObject({
        src: '/media/160/uploads/ava.jpg',
        srcset: expect.stringMatching(/ 2x$/),
        alt: 'Portrait of Ava Moon',
        width: '96',
        height: '96',
        loading: 'lazy',
      });
      expect(textsOf(card, 'h4')).toEqual(['Ava Moon']);
      expect(textOf(card)).toContain('“Rest”');
      expect(textsOf(card, 'strong')).toEqual(['rest']);
      expect(unsafeMarkup(card)).toEqual([]);
      expect(textOf(card)).not.toContain('alert(1)');
    });

    it("shows the Implementation Week block: 'Included in your <the edition's pass>' without a link, the button with one", () => {
      const data = dashboardData('august', {
        speakers: {
          state: 'success',
          data: [
            speaker(1, { implementationWeek: true, implementationWeekTopic: 'Pricing' }),
            speaker(2, { implementationWeek: true, integrationSessionLink: 'https://meet.example.com/s/2' }),
            speaker(3, { implementationWeek: false, integrationSessionLink: 'https://meet.example.com/s/3' }),
          ],
        },
      });
      const html = render({ ...data, tiers: data.tiers.map((tier) => (tier.id === 'aap' ? { ...tier, name: 'Studio Pass' } : tier)) });
      const [first, second, third] = parts(html, 'data-dashboard-speaker') as [Markup, Markup, Markup];
      expect(has(first, 'data-implementation-week')).toBe(true);
      // The edition's own name for the pass (decision 0042).
      expect(textOf(first)).toContain('Included in your Studio Pass');
      expect(hrefs(first).filter((href) => href.startsWith('https://meet'))).toEqual([]);
      expect(linkTo(second, 'https://meet.example.com/s/2')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Access Your Session/),
      });
      expect(textOf(second)).not.toContain('Included in your');
      expect(has(third, 'data-implementation-week')).toBe(false);
    });

    it('shows the speakers error texts in an alert in each day', () => {
      const html = render(dashboardData('july', { speakers: { state: 'error' } }));
      const panels = parts(html, 'data-day-panel');
      expect(panels).toHaveLength(3);
      for (const panel of panels) {
        expect(textOf(part(panel, 'role', 'alert'))).toBe('Error loading speakers Please try refreshing the page');
      }
      expect(parts(html, 'data-dashboard-speaker')).toHaveLength(0);
    });
  });

  describe('Integration Week', () => {
    it('shows the July static schedule Day 0 to Day 5 and the community button', () => {
      const data = dashboardData('july');
      const section = part(render(data), 'data-dashboard-section', 'integration-week');
      expect(textOf(part(section, 'data-integration-dates'))).toBe('July 21-26');
      const entries = parts(section, 'data-schedule-entry').map((entry) => textOf(entry));
      expect(entries).toHaveLength(6);
      expect(entries.map((entry) => entry.split(' ').slice(0, 2).join(' '))).toEqual([
        'Day 0',
        'Day 1',
        'Day 2',
        'Day 3',
        'Day 4',
        'Day 5',
      ]);
      expect(entries[0]).toBe(
        'Day 0 July 21 Arrival and intention setting Settle in, meet the community and set your intention for the week.',
      );
      expect(entries[5]).toContain('July 26');
      expect(linkTo(section, 'https://community.sacred-business.example.com/july')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Access Integration Community/),
      });
      expect(has(section, 'data-integration-session')).toBe(false);
    });

    it('shows the sessions in the given order, with the link or "Session link coming soon"', () => {
      const sessions = [
        session(5, {
          day: 1,
          topic: 'Opening Ceremony',
          headshot: '/uploads/g5.png',
          description: 'We **begin**',
          integrationSessionLink: 'https://meet.example.com/open',
        }),
        session(2, { day: 3, topic: 'Embodied Pricing' }),
        session(9, { day: 4, topic: 'Closing Ceremony', integrationSessionLink: 'javascript:alert(1)' }),
      ];
      const html = render(dashboardData('august', { schedule: { kind: 'sessions', sessions: { state: 'success', data: sessions } } }));
      const section = part(html, 'data-dashboard-section', 'integration-week');
      expect(textOf(part(section, 'data-integration-dates'))).toBe('August 25-30');
      const cards = parts(section, 'data-integration-session');
      expect(cards.map((card) => textsOf(card, 'h3')[0])).toEqual(['Opening Ceremony', 'Embodied Pricing', 'Closing Ceremony']);
      const [first, second, third] = cards as [Markup, Markup, Markup];
      expect(attributesOf(firstByTag(first, 'img'))).toMatchObject({
        src: '/media/160/uploads/g5.png',
        srcset: expect.any(String),
        alt: 'Portrait of Guide5 Star',
        width: '96',
        height: '96',
        loading: 'lazy',
      });
      expect(textOf(first)).toContain('Day 1');
      expect(textOf(first)).toContain('Guide5 Star');
      expect(textsOf(first, 'strong')).toEqual(['begin']);
      expect(linkTo(first, 'https://meet.example.com/open')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Join the Session/),
      });
      expect(textOf(second)).toContain('Day 3');
      expect(textOf(second)).toContain('Session link coming soon');
      expect(elementsByTag(second, 'a')).toEqual([]);
      expect(textOf(third)).toContain('Session link coming soon');
      expect(hrefs(third).filter((href) => /javascript:/i.test(href))).toEqual([]);
      expect(textOf(section)).not.toContain('Access Integration Community');
    });

    it('shows the sessions error text in an alert', () => {
      const html = render(dashboardData('september', { schedule: { kind: 'sessions', sessions: { state: 'error' } } }));
      const section = part(html, 'data-dashboard-section', 'integration-week');
      expect(textOf(part(section, 'role', 'alert'))).toBe('Error loading integration sessions. Please try refreshing the page.');
      expect(textOf(part(section, 'data-integration-dates'))).toBe('September 29 - October 3');
    });
  });

  describe('Your Bonuses', () => {
    it("shows the edition's bonus cards with their buttons, 'Open' by default", () => {
      const html = render(dashboardData('july'));
      const cards = parts(html, 'data-bonus-card');
      expect(cards).toHaveLength(3);
      expect(cards.map((card) => textsOf(card, 'h3')[0])).toEqual([
        '30-Day School Trial',
        'Visibility Pages Archive',
        'Private Summit Podcast',
      ]);
      expect(linkTo(cards[0]!, 'https://school.sacred-business.example.com/trial')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Start Your Trial/),
      });
      expect(has(html, 'data-bonus-bundle')).toBe(false);

      const unlabelled = render(
        dashboardData('july', { bonusCards: [{ title: 'Gift', description: '', url: 'https://gift.example.com', buttonLabel: '' }] }),
      );
      const open = elementsByTag(part(unlabelled, 'data-bonus-card'), 'a').find((a) => attribute(a, 'href') === 'https://gift.example.com');
      // "Open", then the screen-reader hint in its own sr-only span.
      expect(open?.children[0]).toMatchObject({ type: 'text', value: 'Open' });
      expect(open?.children[1]).toMatchObject({ type: 'element', tagName: 'span', properties: { className: ['sr-only'] } });
    });

    it('lists the bonus bundle in both readings', () => {
      const items = [
        bundleItem(1, {
          bonusBundleTitle: 'Ritual Kit',
          bonusBundleImage: '/uploads/kit.jpg',
          // As the loader gives it: in the edition's currency (server/people/people-blocks.ts).
          bonusBundlePrice: '$97.00',
          bonusBundleDescription: 'Seven **rituals**',
        }),
        bundleItem(2, {
          firstName: 'Iris',
          lastName: 'Vale',
          image: '/uploads/iris.jpg',
          topic: 'Sound Healing',
          bio: 'Iris *sings*',
          freebie: { title: 'Sound Bath', downloadUrl: 'https://files.example.com/bath.mp3' },
        }),
      ];
      const html = render(dashboardData('september', { bonusBundle: { state: 'success', data: items } }));
      const bundle = part(html, 'data-bonus-bundle', '');
      expect(textsOf(bundle, 'h3')).toEqual(['Bonus Bundle']);
      const [titled, person] = parts(bundle, 'data-bonus-bundle-item') as [Markup, Markup];
      expect(attributesOf(firstByTag(titled, 'img'))).toMatchObject({
        src: '/media/480/uploads/kit.jpg',
        srcset: expect.any(String),
        alt: 'Ritual Kit',
        width: '480',
        height: '270',
        loading: 'lazy',
      });
      expect(textsOf(titled, 'h4')).toEqual(['Ritual Kit']);
      expect(textsOf(titled, 's')).toEqual(['Regular Price $97.00']);
      expect(textsOf(titled, 'strong')).toEqual(['rituals']);
      expect(attributesOf(firstByTag(person, 'img'))).toMatchObject({
        src: '/media/160/uploads/iris.jpg',
        srcset: expect.any(String),
        alt: 'Portrait of Iris Vale',
        width: '160',
        height: '160',
      });
      expect(textsOf(person, 'h4')).toEqual(['Iris Vale']);
      expect(textOf(person)).toContain('Sound Healing');
      expect(textsOf(person, 'em')).toEqual(['sings']);
      expect(textOf(person)).toContain('Free gift: Sound Bath');
      expect(linkTo(person, 'https://files.example.com/bath.mp3')).toMatchObject({
        download: '',
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Download Your Gift/),
      });
      expect(elementsByTag(person, 's')).toEqual([]);
    });

    it('offers the bundle card on its own (for the embed), with an h3 by default', () => {
      const html = renderToStaticMarkup(
        <BonusBundleCard item={bundleItem(3, { bonusBundleTitle: 'Oracle Deck', bonusBundlePrice: '$49.00' })} />,
      );
      const root = parseHtml(html).children;
      expect(root).toHaveLength(1);
      expect(root[0]).toMatchObject({ type: 'element', tagName: 'article', properties: { dataBonusBundleItem: '' } });
      expect(textsOf(html, 'h3')).toEqual(['Oracle Deck']);
      expect(textsOf(html, 's')).toEqual(['Regular Price $49.00']);
      expect(elementsByTag(html, 'img')).toEqual([]);
      const noFreebieTitle = renderToStaticMarkup(
        <BonusBundleCard item={bundleItem(4, { firstName: 'Noa', freebie: { title: '', downloadUrl: 'https://files.example.com/x' } })} />,
      );
      expect(has(noFreebieTitle, 'data-bundle-freebie')).toBe(false);
      expect(hrefs(noFreebieTitle)).toEqual([]);
    });

    it('shows the empty and error texts of the bundle', () => {
      const empty = render(dashboardData('september'));
      expect(textOf(part(empty, 'data-bonus-bundle', ''))).toBe('Bonus Bundle No bonus items available yet');
      const failed = render(dashboardData('september', { bonusBundle: { state: 'error' } }));
      const alert = part(part(failed, 'data-bonus-bundle', ''), 'role', 'alert');
      expect(textOf(alert)).toBe('Error loading bonus bundle items. Please try again later.');
    });
  });

  describe('Go Deeper', () => {
    it('shows the three tiers with prices, the current tier marked and no upgrade for an All Access holder', () => {
      const html = render(dashboardData('july'));
      const section = part(html, 'data-dashboard-section', 'go-deeper');
      const tiers = parts(section, 'data-tier');
      expect(tiers.map((tier) => attribute(tier, 'data-tier'))).toEqual(['free', 'replay', 'aap']);
      expect(tiers.map((tier) => textOf(part(tier, 'data-price')))).toEqual(['Free', '$77.00', '$197.00']);
      expect(parts(section, 'data-current-tier')).toHaveLength(1);
      expect(has(tiers[2]!, 'data-current-tier')).toBe(true);
      expect(textOf(tiers[2]!)).toContain('Your pass');
      expect(textOf(tiers[2]!)).toContain('30-day free trial of the online school');
      expect(textOf(tiers[0]!)).toContain('3-day summit access');
      expect(textOf(section)).not.toContain('Upgrade');
    });

    it('offers an upgrade to the tiers above the visitor and none below', () => {
      const html = render(dashboardData('july', { tier: 'replay' }));
      const [free, replay, aap] = parts(html, 'data-tier') as [Markup, Markup, Markup];
      expect(has(replay, 'data-current-tier')).toBe(true);
      expect(textOf(replay)).toContain('Your pass');
      expect(elementsByTag(free, 'a')).toEqual([]);
      expect(elementsByTag(replay, 'a')).toEqual([]);
      expect(linkTo(aap, 'https://pay.sacred-business.example.com/july/all-access-pass')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Upgrade/),
      });

      const fromFree = parts(render(dashboardData('july', { tier: 'free' })), 'data-tier');
      expect(fromFree.map((tier) => textOf(tier).includes('Upgrade'))).toEqual([false, true, true]);
    });

    it("names the edition's school trial in the All Access card (7 days in September)", () => {
      const aap = part(render(dashboardData('september')), 'data-tier', 'aap');
      expect(textOf(aap)).toContain('7-day free trial of the online school');
      expect(textOf(aap)).not.toContain('30-day free trial');
      expect(textOf(aap)).toContain('30-day extended access');
    });

    it('shows the template upsell at $25 instead of $98 with the code', () => {
      const html = render(dashboardData('august'));
      const card = part(html, 'data-template-upsell');
      expect(textOf(card)).toContain('Summit Site Template');
      expect(textOf(card)).toContain('Run your own summit with this very site');
      expect(textOf(part(card, 'data-template-price'))).toBe('$25.00');
      expect(textsOf(card, 's')[0]).toContain('$98');
      expect(textOf(card)).toContain('Use code AUGUST25');
      const newTab = { target: '_blank', rel: 'noopener noreferrer' };
      expect(linkTo(card, 'https://pay.sacred-business.example.com/august')).toMatchObject({
        ...newTab,
        text: expect.stringMatching(/^Get the Template/),
      });
      expect(linkTo(card, 'https://sacred-business.example.com/summit-site-template')).toMatchObject({
        ...newTab,
        text: expect.stringMatching(/^Learn more/),
      });
      expect(has(render(dashboardData('july')), 'data-template-upsell')).toBe(false);
    });
  });

  describe('workshop and support', () => {
    it('shows the workshop live in Sydney time, the local-time element, the price and the button', () => {
      const html = render(dashboardData('july'));
      const card = part(html, 'data-workshop', '');
      expect(textOf(card)).toContain('Launch Your Own Audio Summit Workshop');
      expect(textOf(part(card, 'data-workshop-time'))).toMatch(/^Live .*Wednesday.*30 July.*10:00 am AEST$/);
      const time = firstByTag(card, 'time');
      expect(attributesOf(time)).toMatchObject({ datetime: '2025-07-30T10:00:00+10:00', 'data-local-time': '' });
      expect(textOf(time)).toContain('10:00 am AEST');
      expect(textOf(card)).toContain('Your time: ');
      expect(textOf(part(card, 'data-workshop-price'))).toBe('$4.99');
      expect(linkTo(card, 'https://sacred-business.example.com/workshop')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Save My Seat/),
      });
      // Decided by the data: every demo edition has one, and an edition without one shows none.
      expect(textOf(part(render(dashboardData('august')), 'data-workshop'))).toContain('27 August');
      expect(has(render(dashboardData('august', { workshop: null })), 'data-workshop', '')).toBe(false);
    });

    it('shows the support line with a mailto link', () => {
      const line = part(render(dashboardData('august')), 'data-support-line');
      expect(textOf(line)).toBe('Need help? Email support@sacred-business.example.com');
      expect(hrefs(line)).toContain('mailto:support@sacred-business.example.com');
    });

    it('tells a registrant whose address bounced, on the full and the reduced dashboard, and no one else', () => {
      expect(has(render(dashboardData('august')), 'data-bounced-address')).toBe(false);
      for (const view of ['full', 'reduced'] as const) {
        const notice = part(
          render(dashboardData('august', { addressBounced: true, view, tier: view === 'full' ? 'aap' : 'free' })),
          'data-bounced-address',
        );
        expect(textOf(notice)).toContain('Our e-mails to your address are not arriving.');
        expect(hrefs(notice)).toEqual(['mailto:support@sacred-business.example.com']);
      }
    });
  });

  describe('safety and markup', () => {
    const hostile = 'javascript:alert(1)';
    const data = dashboardData('september', {
      tier: 'free',
      supportEmail: hostile,
      bonusCards: [{ title: 'Trap', description: '', url: hostile, buttonLabel: 'Go' }],
      tiers: tierOffers(presetPasses('b') as never, { replay: hostile, aap: 'JavaScript:alert(2)' }, PRICING),
      templateUpsell: {
        price: 2500,
        fullPrice: 9800,
        discountCode: 'X',
        url: hostile,
        paymentUrl: hostile,
        priceText: '$25.00',
        fullPriceText: '$98.00',
      },
      workshop: { title: 'W', startsAt: '2025-07-30T10:00:00+10:00', price: 499, url: hostile, priceText: '$4.99' },
      speakers: {
        state: 'success',
        data: [
          speaker(1, {
            shortDescription: `[click](${hostile}) <a href="${hostile}">x</a>`,
            implementationWeek: true,
            integrationSessionLink: hostile,
          }),
        ],
      },
      schedule: {
        kind: 'sessions',
        sessions: { state: 'success', data: [session(1, { integrationSessionLink: hostile, description: `[x](${hostile})` })] },
      },
      bonusBundle: {
        state: 'success',
        data: [bundleItem(1, { firstName: 'Eve', bio: `[x](${hostile})`, freebie: { title: 'Gift', downloadUrl: hostile } })],
      },
    });

    it('never turns a javascript: URL into an href', () => {
      const html = render(data);
      expect(hrefs(html).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
      // Nor into any other attribute (src, action, ...).
      const values = elements(html).flatMap((element) => Object.values(attributesOf(element)));
      expect(values.filter((value) => /^\s*javascript:/i.test(value))).toEqual([]);
      expect(textOf(html)).not.toContain('Need help?');
      expect(textOf(html)).not.toContain('Save My Seat');
      expect(textOf(html)).not.toContain('Get the Template');
      expect(textOf(html)).not.toContain('Upgrade');
      // A static schedule with a hostile community URL loses its button, not its entries.
      const { staticSchedule } = editionSettingsSchema.parse(demoEditions[0]!.edition.settings).dashboard;
      const july = render(dashboardData('july', { schedule: { kind: 'static', entries: staticSchedule, communityUrl: hostile } }));
      expect(hrefs(july).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
      expect(parts(july, 'data-schedule-entry')).toHaveLength(6);
      expect(textOf(july)).not.toContain('Access Integration Community');
    });

    it('opens every external link in a new tab with rel="noopener noreferrer"', () => {
      for (const slug of ['july', 'august', 'september'] as const) {
        const rich = dashboardData(slug, {
          tier: 'free',
          speakers: {
            state: 'success',
            data: [
              speaker(1, {
                shortDescription: '[site](https://x.example.com)',
                implementationWeek: true,
                integrationSessionLink: 'https://meet.example.com',
              }),
            ],
          },
        });
        expectSafeExternalLinks(render(rich));
      }
      expectSafeExternalLinks(render(data));
    });

    it('has no style attributes, scripts or event handlers, and every image has alt, width and height', () => {
      const html = render(
        dashboardData('september', {
          speakers: { state: 'success', data: [speaker(1, { image: '/uploads/a.jpg' })] },
          schedule: { kind: 'sessions', sessions: { state: 'success', data: [session(1, { headshot: 'https://cdn.example.com/h.jpg' })] } },
          bonusBundle: { state: 'success', data: [bundleItem(1, { bonusBundleTitle: 'Kit', bonusBundleImage: '/uploads/k.png' })] },
        }),
      );
      expect(unsafeMarkup(html)).toEqual([]);
      const images = elementsByTag(html, 'img').map(attributesOf);
      expect(images.length).toBeGreaterThanOrEqual(3);
      for (const image of images)
        expect(image).toMatchObject({
          alt: expect.stringMatching(/./),
          width: expect.stringMatching(/^\d+$/),
          height: expect.stringMatching(/^\d+$/),
        });
    });
  });
});
