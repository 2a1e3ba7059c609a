import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BonusBundleCard } from '../../src/components/BonusBundleCard.tsx';
import { daySummary } from '../../src/components/dashboard/DayAccordion.tsx';
import { demoEditions } from '../../src/content/editions.ts';
import type { DashboardPageData } from '../../src/domain/dashboard-page.ts';
import { editionSettingsSchema } from '../../src/domain/edition.ts';
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
import { tierOffers } from '../../src/domain/offers.ts';
import { DashboardPage } from '../../src/views/DashboardPage.tsx';
import { attribute, elementsByTag, headingLevels, hrefs, textOf } from '../support/html.ts';

const AUDIO = 'player.example-audio.com';
const NOW = Date.parse('2025-07-20T00:00:00Z');

const count = (html: string, needle: string) => html.split(needle).length - 1;
/** The markup of every element opened by `marker` (e.g. 'data-tier="aap"'), up to its matching close tag. */
function elementWith(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at === -1) return '';
  const start = html.lastIndexOf('<', at);
  const tag = /^<([a-z0-9]+)/.exec(html.slice(start))?.[1] ?? '';
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return html.slice(start);
}
const allWith = (html: string, marker: string): string[] => {
  const found: string[] = [];
  let rest = html;
  for (let element = elementWith(rest, marker); element; element = elementWith(rest, marker)) {
    found.push(element);
    rest = rest.slice(rest.indexOf(element) + element.length);
  }
  return found;
};

/** Content as the server hands it to the page (markdown already rendered: src/markup/shown-content.ts). */
const speaker = (id: number, input: Partial<SpeakerInput> = {}): ShownSpeaker =>
  showPerson({ ...speakerInputSchema.parse({ firstName: `Speaker${id}`, lastName: 'Moon', day: 1, topic: `Topic ${id}`, ...input }), id });
const session = (id: number, input: Partial<ImplementationSessionInput> = {}): ShownSession =>
  showSession({ ...implementationSessionInputSchema.parse({ firstName: `Guide${id}`, lastName: 'Star', topic: `Session ${id}`, day: 1, ...input }), id });
const bundleItem = (id: number, input: BonusBundleItemInput): ShownBonusItem => showBonusItem({ ...bonusBundleItemInputSchema.parse(input), id });

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
    access: { kind: 'open', timer: { status: 'counting', mode: 'evergreen', phase: 'evergreen', deadline: NOW + 30 * 86_400_000 }, redirectTo: links.mainSiteUrl },
    now: NOW,
    accessDays: settings.accessDays,
    days: [1, 2, 3].map((day) => ({ day, info: days.find((info) => info.day === day) ?? null, host: { state: 'success', data: null } })),
    speakers: { state: 'success', data: [] },
    schedule:
      dashboard.integrationSchedule === 'static'
        ? { kind: 'static', entries: dashboard.staticSchedule, communityUrl: links.communityUrl }
        : { kind: 'sessions', sessions: { state: 'success', data: [] } },
    integrationWeek: settings.integrationWeek,
    bonusCards: dashboard.bonusCards,
    bonusBundle: dashboard.showBonusBundle ? { state: 'success', data: [] } : null,
    schoolTrialDays: settings.schoolTrialDays,
    tiers: tierOffers(settings.upgrade),
    templateUpsell: dashboard.templateUpsell ? { ...dashboard.templateUpsell, url: links.templateUrl, paymentUrl: links.paymentUrl } : null,
    workshop: dashboard.workshop ? { ...dashboard.workshop, url: links.workshopUrl } : null,
    links,
    supportEmail: dashboard.supportEmail,
    audioHost: AUDIO,
    subscribe: null,
    ...overrides,
  };
}

const render = (data: DashboardPageData, path = `/${data.summit}/dashboard`) => renderToStaticMarkup(<DashboardPage data={data} path={path} />);

/** Every link that opens a new tab is rel="noopener noreferrer" and goes to http(s). */
const expectSafeExternalLinks = (html: string) => {
  const tabs = elementsByTag(html, 'a').filter((a) => attribute(a, 'target') === '_blank');
  expect(tabs.length).toBeGreaterThan(0);
  for (const a of tabs) {
    expect(attribute(a, 'rel')).toMatch(/^noopener noreferrer( nofollow)?$/);
    expect(attribute(a, 'href')).toMatch(/^https?:\/\//);
  }
};

describe('DashboardPage', () => {
  it('renders the banner, then main with the sections in order and the disclaimer last', () => {
    const html = render(dashboardData('september', { workshop: dashboardData('july').workshop }));
    const order = [
      'data-countdown',
      '<main',
      '<h1',
      'data-dashboard-section="summit-days"',
      'data-dashboard-section="integration-week"',
      'data-dashboard-section="bonuses"',
      'data-dashboard-section="go-deeper"',
      'data-dashboard-section="workshop"',
      'data-support-line',
      'aria-label="Affiliate disclosure"',
      '</main>',
    ].map((marker) => html.indexOf(marker));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const main = elementWith(html, '<main');
    expect(main).toContain('data-welcome');
    expect(main).not.toContain('data-countdown');
    expect(textOf(elementWith(html, 'data-dashboard-section="summit-days"'))).toMatch(/^Your Summit Days/);
    expect(textOf(elementWith(html, 'data-dashboard-section="integration-week"'))).toMatch(/^Integration Week/);
    expect(textOf(elementWith(html, 'data-dashboard-section="bonuses"'))).toMatch(/^Your Bonuses/);
    expect(textOf(elementWith(html, 'data-dashboard-section="go-deeper"'))).toMatch(/^Go Deeper/);
  });

  it('shows the session-error notice instead of the countdown, and nothing when untimed', () => {
    const errored = render(dashboardData('july', { access: { kind: 'session-error', redirectTo: null } }), '/dashboard');
    expect(errored).toContain('data-session-error');
    expect(errored).toContain('name="return" value="/dashboard"');
    expect(errored).not.toContain('data-countdown');
    const untimed = render(dashboardData('july', { access: { kind: 'untimed' } }));
    expect(untimed).not.toContain('data-countdown');
    expect(untimed).not.toContain('data-session-error');
  });

  it("opens with the 'You're In' welcome, the dates and the access length", () => {
    const html = render(dashboardData('july', { summitDates: 'July 15-17 2025' }));
    const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1] ?? '';
    expect(textOf(h1)).toContain("You're In");
    expect(textOf(h1)).toContain('July Summit');
    expect(count(html, '<h1')).toBe(1);
    const welcome = textOf(elementWith(html, 'data-welcome'));
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
      const panels = allWith(html, 'data-day-panel=');
      expect(panels).toHaveLength(3);
      panels.forEach((panel, index) => {
        expect(panel).toMatch(new RegExp(`^<details name="summit-days" data-day-panel="${index + 1}"`));
        expect(/^<details[^>]*>/.exec(panel)?.[0]).not.toMatch(/\sopen(=|>|\s)/);
      });
      const summaries = [...html.matchAll(/<summary[^>]*>(.*?)<\/summary>/g)].map((match) => textOf(match[1] ?? ''));
      expect(summaries).toEqual(['Day 1: Rooted in Purpose +', 'Day 2: Magnetic Visibility +', 'Day 3: Abundant Offers +']);
    });

    it('labels a day without info "Day {n}" and never labels a title twice', () => {
      const data = dashboardData('july');
      data.days[1] = { day: 2, info: null, host: { state: 'error' } };
      const html = render(data);
      const summaries = [...html.matchAll(/<summary[^>]*>(.*?)<\/summary>/g)].map((match) => textOf(match[1] ?? ''));
      expect(summaries[1]).toBe('Day 2 +');
      expect(daySummary(1, 'Rooted in Purpose')).toBe('Day 1: Rooted in Purpose');
      expect(daySummary(1, 'Day 1: Rooted in Purpose')).toBe('Day 1: Rooted in Purpose');
      expect(daySummary(1, 'Day 12 things')).toBe('Day 1: Day 12 things');
      expect(daySummary(3, '  ')).toBe('Day 3');
      // The day without info still gets its player (default title and duration) and the fallback host.
      const panel = elementWith(html, 'data-day-panel="2"');
      expect(textOf(panel)).toContain('Day 2 episode');
      expect(panel).toContain('<span data-duration="">45:30</span>');
      expect(panel).toContain('data-host-fallback');
    });

    it("holds each day's episode player, host view (dashboard context) and speakers", () => {
      const data = dashboardData('july', {
        speakers: {
          state: 'success',
          data: [speaker(1, { day: 1, firstName: 'Ava' }), speaker(2, { day: 2, firstName: 'Bea' }), speaker(3, { day: 1, firstName: 'Cleo' })],
        },
      });
      data.days[0] = {
        ...data.days[0]!,
        host: {
          state: 'success',
          data: showPerson({ ...speakerInputSchema.parse({ firstName: 'Luna', day: 1, implementationWeek: true, integrationSessionLink: 'https://meet.example.com/h' }), id: 9 }),
        },
      };
      const html = render(data);
      const day1 = elementWith(html, 'data-day-panel="1"');
      expect(day1).toContain('data-episode-player');
      expect(textOf(day1)).toContain('Sacred Foundations: Business as a Spiritual Practice');
      expect(day1).toContain('<span data-duration="">2:15:30</span>');
      expect(day1).toContain('data-embed-id="july-day-1-episode"');
      expect(textOf(day1)).not.toContain('july-day-1-episode');
      expect(day1).toContain('data-host-card');
      expect(textOf(day1)).toContain('Access Your Session');
      expect(textOf(day1)).not.toContain('Get the All Access Pass');
      expect(day1.indexOf('data-episode-player')).toBeLessThan(day1.indexOf('data-host-view'));
      expect(day1.indexOf('data-host-view')).toBeLessThan(day1.indexOf('data-dashboard-speaker'));
      expect(count(day1, 'data-dashboard-speaker')).toBe(2);
      expect(textOf(day1)).toContain('Ava Moon');
      expect(textOf(day1)).toContain('Cleo Moon');
      const day2 = elementWith(html, 'data-day-panel="2"');
      expect(count(day2, 'data-dashboard-speaker')).toBe(1);
      expect(textOf(day2)).toContain('Bea Moon');
      expect(textOf(elementWith(html, 'data-day-panel="3"'))).toContain('Speakers for Day 3 will be announced soon.');
    });

    it('shows a compact card per speaker with photo, name, topic and sanitised short description', () => {
      const html = render(
        dashboardData('july', {
          speakers: {
            state: 'success',
            data: [speaker(1, { image: '/uploads/ava.jpg', firstName: 'Ava', topic: 'Rest', shortDescription: 'Gentle **rest** <script>alert(1)</script>' })],
          },
        }),
      );
      const card = elementWith(html, 'data-dashboard-speaker');
      expect(card).toMatch(/<img src="\/media\/160\/uploads\/ava\.jpg" srcSet="[^"]+ 2x" alt="Portrait of Ava Moon" width="96" height="96" loading="lazy"/);
      expect(card).toMatch(/<h4[^>]*>Ava Moon<\/h4>/);
      expect(textOf(card)).toContain('“Rest”');
      expect(card).toContain('<strong>rest</strong>');
      expect(card).not.toContain('<script');
    });

    it("shows the Implementation Week block: 'Included in your All Access Pass' without a link, the button with one", () => {
      const html = render(
        dashboardData('august', {
          speakers: {
            state: 'success',
            data: [
              speaker(1, { implementationWeek: true, implementationWeekTopic: 'Pricing' }),
              speaker(2, { implementationWeek: true, integrationSessionLink: 'https://meet.example.com/s/2' }),
              speaker(3, { implementationWeek: false, integrationSessionLink: 'https://meet.example.com/s/3' }),
            ],
          },
        }),
      );
      const [first, second, third] = allWith(html, 'data-dashboard-speaker');
      expect(first).toContain('data-implementation-week');
      expect(textOf(first ?? '')).toContain('Included in your All Access Pass');
      expect(first).not.toContain('href="https://meet');
      expect(second).toMatch(/<a href="https:\/\/meet\.example\.com\/s\/2" target="_blank" rel="noopener noreferrer"[^>]*>Access Your Session/);
      expect(textOf(second ?? '')).not.toContain('Included in your All Access Pass');
      expect(third).not.toContain('data-implementation-week');
    });

    it('shows the speakers error texts in an alert in each day', () => {
      const html = render(dashboardData('july', { speakers: { state: 'error' } }));
      for (const panel of allWith(html, 'data-day-panel=')) {
        const alert = elementWith(panel, 'role="alert"');
        expect(textOf(alert)).toBe('Error loading speakers Please try refreshing the page');
      }
      expect(count(html, 'data-dashboard-speaker')).toBe(0);
    });
  });

  describe('Integration Week', () => {
    it('shows the July static schedule Day 0 to Day 5 and the community button', () => {
      const data = dashboardData('july');
      const section = elementWith(render(data), 'data-dashboard-section="integration-week"');
      expect(textOf(elementWith(section, 'data-integration-dates'))).toBe('July 21-26');
      const entries = allWith(section, 'data-schedule-entry').map(textOf);
      expect(entries).toHaveLength(6);
      expect(entries.map((entry) => entry.split(' ').slice(0, 2).join(' '))).toEqual(['Day 0', 'Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5']);
      expect(entries[0]).toBe('Day 0 July 21 Arrival and intention setting Settle in, meet the community and set your intention for the week.');
      expect(entries[5]).toContain('July 26');
      expect(section).toMatch(
        /<a href="https:\/\/community\.sacred-business\.example\.com\/july" target="_blank" rel="noopener noreferrer"[^>]*>Access Integration Community/,
      );
      expect(section).not.toContain('data-integration-session');
    });

    it('shows the sessions in the given order, with the link or "Session link coming soon"', () => {
      const sessions = [
        session(5, { day: 1, topic: 'Opening Ceremony', headshot: '/uploads/g5.png', description: 'We **begin**', integrationSessionLink: 'https://meet.example.com/open' }),
        session(2, { day: 3, topic: 'Embodied Pricing' }),
        session(9, { day: 4, topic: 'Closing Ceremony', integrationSessionLink: 'javascript:alert(1)' }),
      ];
      const html = render(dashboardData('august', { schedule: { kind: 'sessions', sessions: { state: 'success', data: sessions } } }));
      const section = elementWith(html, 'data-dashboard-section="integration-week"');
      expect(textOf(elementWith(section, 'data-integration-dates'))).toBe('August 25-30');
      const cards = allWith(section, 'data-integration-session');
      expect(cards.map((card) => /<h3[^>]*>(.*?)<\/h3>/.exec(card)?.[1])).toEqual(['Opening Ceremony', 'Embodied Pricing', 'Closing Ceremony']);
      const [first, second, third] = cards as [string, string, string];
      expect(first).toMatch(/<img src="\/media\/160\/uploads\/g5\.png" srcSet="[^"]+" alt="Portrait of Guide5 Star" width="96" height="96" loading="lazy"/);
      expect(textOf(first)).toContain('Day 1');
      expect(textOf(first)).toContain('Guide5 Star');
      expect(first).toContain('<strong>begin</strong>');
      expect(first).toMatch(/<a href="https:\/\/meet\.example\.com\/open" target="_blank" rel="noopener noreferrer"[^>]*>Join the Session/);
      expect(textOf(second)).toContain('Day 3');
      expect(textOf(second)).toContain('Session link coming soon');
      expect(second).not.toContain('<a ');
      expect(textOf(third)).toContain('Session link coming soon');
      expect(third).not.toContain('javascript:');
      expect(section).not.toContain('Access Integration Community');
    });

    it('shows the sessions error text in an alert', () => {
      const html = render(dashboardData('september', { schedule: { kind: 'sessions', sessions: { state: 'error' } } }));
      const section = elementWith(html, 'data-dashboard-section="integration-week"');
      expect(textOf(elementWith(section, 'role="alert"'))).toBe('Error loading integration sessions. Please try refreshing the page.');
      expect(textOf(elementWith(section, 'data-integration-dates'))).toBe('September 29 - October 3');
    });
  });

  describe('Your Bonuses', () => {
    it("shows the edition's bonus cards with their buttons, 'Open' by default", () => {
      const html = render(dashboardData('july'));
      const cards = allWith(html, 'data-bonus-card');
      expect(cards).toHaveLength(3);
      expect(cards.map((card) => /<h3[^>]*>(.*?)<\/h3>/.exec(card)?.[1])).toEqual(['30-Day School Trial', 'Visibility Pages Archive', 'Private Summit Podcast']);
      expect(cards[0]).toMatch(/<a href="https:\/\/school\.sacred-business\.example\.com\/trial" target="_blank" rel="noopener noreferrer"[^>]*>Start Your Trial/);
      expect(html).not.toContain('data-bonus-bundle');

      const unlabelled = render(dashboardData('july', { bonusCards: [{ title: 'Gift', description: '', url: 'https://gift.example.com', buttonLabel: '' }] }));
      expect(elementWith(unlabelled, 'data-bonus-card')).toMatch(/<a href="https:\/\/gift\.example\.com"[^>]*>Open<span class="sr-only">/);
    });

    it('lists the bonus bundle in both readings', () => {
      const items = [
        bundleItem(1, { bonusBundleTitle: 'Ritual Kit', bonusBundleImage: '/uploads/kit.jpg', bonusBundlePrice: '97', bonusBundleDescription: 'Seven **rituals**' }),
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
      const bundle = elementWith(html, 'data-bonus-bundle=""');
      expect(bundle).toMatch(/<h3[^>]*>Bonus Bundle<\/h3>/);
      const [titled, person] = allWith(bundle, 'data-bonus-bundle-item') as [string, string];
      expect(titled).toMatch(/<img src="\/media\/480\/uploads\/kit\.jpg" srcSet="[^"]+" alt="Ritual Kit" width="480" height="270" loading="lazy"/);
      expect(titled).toMatch(/<h4[^>]*>Ritual Kit<\/h4>/);
      expect(titled).toContain('<s>Regular Price $97</s>');
      expect(titled).toContain('<strong>rituals</strong>');
      expect(person).toMatch(/<img src="\/media\/160\/uploads\/iris\.jpg" srcSet="[^"]+" alt="Portrait of Iris Vale" width="160" height="160"/);
      expect(person).toMatch(/<h4[^>]*>Iris Vale<\/h4>/);
      expect(textOf(person)).toContain('Sound Healing');
      expect(person).toContain('<em>sings</em>');
      expect(textOf(person)).toContain('Free gift: Sound Bath');
      expect(person).toMatch(/<a href="https:\/\/files\.example\.com\/bath\.mp3" download="" target="_blank" rel="noopener noreferrer"[^>]*>Download Your Gift/);
      expect(person).not.toContain('<s>');
    });

    it('offers the bundle card on its own (for the embed), with an h3 by default', () => {
      const html = renderToStaticMarkup(<BonusBundleCard item={bundleItem(3, { bonusBundleTitle: 'Oracle Deck', bonusBundlePrice: '$49.00' })} />);
      expect(html).toMatch(/^<article data-bonus-bundle-item=""/);
      expect(html).toMatch(/<h3[^>]*>Oracle Deck<\/h3>/);
      expect(html).toContain('<s>Regular Price $49.00</s>');
      expect(html).not.toContain('<img');
      const noFreebieTitle = renderToStaticMarkup(
        <BonusBundleCard item={bundleItem(4, { firstName: 'Noa', freebie: { title: '', downloadUrl: 'https://files.example.com/x' } })} />,
      );
      expect(noFreebieTitle).not.toContain('data-bundle-freebie');
      expect(noFreebieTitle).not.toContain('href=');
    });

    it('shows the empty and error texts of the bundle', () => {
      const empty = render(dashboardData('september'));
      expect(textOf(elementWith(empty, 'data-bonus-bundle=""'))).toBe('Bonus Bundle No bonus items available yet');
      const failed = render(dashboardData('september', { bonusBundle: { state: 'error' } }));
      const alert = elementWith(elementWith(failed, 'data-bonus-bundle=""'), 'role="alert"');
      expect(textOf(alert)).toBe('Error loading bonus bundle items. Please try again later.');
    });
  });

  describe('Go Deeper', () => {
    it('shows the three tiers with prices, the current tier marked and no upgrade for an All Access holder', () => {
      const html = render(dashboardData('july'));
      const section = elementWith(html, 'data-dashboard-section="go-deeper"');
      const tiers = allWith(section, 'data-tier=');
      expect(tiers.map((tier) => /data-tier="([^"]+)"/.exec(tier)?.[1])).toEqual(['free', 'replay', 'aap']);
      expect(tiers.map((tier) => textOf(elementWith(tier, 'data-price')))).toEqual(['Free', '$77', '$197']);
      expect(count(section, 'data-current-tier')).toBe(1);
      expect(tiers[2]).toContain('data-current-tier');
      expect(textOf(tiers[2] ?? '')).toContain('Your pass');
      expect(textOf(tiers[2] ?? '')).toContain('30-day free trial of the online school');
      expect(textOf(tiers[0] ?? '')).toContain('3-day summit access');
      expect(textOf(section)).not.toContain('Upgrade');
    });

    it('offers an upgrade to the tiers above the visitor and none below', () => {
      const html = render(dashboardData('july', { tier: 'replay' }));
      const [free, replay, aap] = allWith(html, 'data-tier=') as [string, string, string];
      expect(replay).toContain('data-current-tier');
      expect(textOf(replay)).toContain('Your pass');
      expect(free).not.toContain('<a ');
      expect(replay).not.toContain('<a ');
      expect(aap).toMatch(/<a href="https:\/\/pay\.sacred-business\.example\.com\/july\/all-access-pass" target="_blank" rel="noopener noreferrer"[^>]*>Upgrade/);

      const fromFree = allWith(render(dashboardData('july', { tier: 'free' })), 'data-tier=');
      expect(fromFree.map((tier) => textOf(tier).includes('Upgrade'))).toEqual([false, true, true]);
    });

    it("names the edition's school trial in the All Access card (7 days in September)", () => {
      const aap = elementWith(render(dashboardData('september')), 'data-tier="aap"');
      expect(textOf(aap)).toContain('7-day free trial of the online school');
      expect(textOf(aap)).not.toContain('30-day free trial');
      expect(textOf(aap)).toContain('30-day extended access');
    });

    it('shows the template upsell at $25 instead of $98 with the code', () => {
      const html = render(dashboardData('august'));
      const card = elementWith(html, 'data-template-upsell');
      expect(textOf(card)).toContain('Summit Site Template');
      expect(textOf(card)).toContain('Run your own summit with this very site');
      expect(textOf(elementWith(card, 'data-template-price'))).toBe('$25');
      expect(textOf(elementWith(card, '<s '))).toContain('$98');
      expect(textOf(card)).toContain('Use code AUGUST25');
      expect(card).toMatch(/<a href="https:\/\/pay\.sacred-business\.example\.com\/august" target="_blank" rel="noopener noreferrer"[^>]*>Get the Template/);
      expect(card).toMatch(/<a href="https:\/\/sacred-business\.example\.com\/summit-site-template" target="_blank" rel="noopener noreferrer"[^>]*>Learn more/);
      expect(render(dashboardData('july'))).not.toContain('data-template-upsell');
    });
  });

  describe('workshop and support', () => {
    it('shows the workshop live in Sydney time, the local-time element, the price and the button', () => {
      const html = render(dashboardData('july'));
      const card = elementWith(html, 'data-workshop=""');
      expect(textOf(card)).toContain('Launch Your Own Audio Summit Workshop');
      expect(textOf(elementWith(card, 'data-workshop-time'))).toMatch(/^Live .*Wednesday.*30 July.*10:00 am AEST$/);
      const time = /<time ([^>]*)>(.*?)<\/time>/.exec(card);
      expect(time?.[1]).toContain('dateTime="2025-07-30T10:00:00+10:00"');
      expect(time?.[1]).toContain('data-local-time=""');
      expect(time?.[2]).toContain('10:00 am AEST');
      expect(textOf(card)).toContain('Your time: ');
      expect(textOf(elementWith(card, 'data-workshop-price'))).toBe('$4.99');
      expect(card).toMatch(/<a href="https:\/\/sacred-business\.example\.com\/workshop" target="_blank" rel="noopener noreferrer"[^>]*>Save My Seat/);
      // Decided by the data: every demo edition has one, and an edition without one shows none.
      expect(textOf(elementWith(render(dashboardData('august')), 'data-workshop'))).toContain('27 August');
      expect(render(dashboardData('august', { workshop: null }))).not.toContain('data-workshop=""');
    });

    it('shows the support line with a mailto link', () => {
      const line = elementWith(render(dashboardData('august')), 'data-support-line');
      expect(textOf(line)).toBe('Need help? Email support@sacred-business.example.com');
      expect(line).toContain('href="mailto:support@sacred-business.example.com"');
    });
  });

  describe('safety and markup', () => {
    const hostile = 'javascript:alert(1)';
    const data = dashboardData('september', {
      tier: 'free',
      supportEmail: hostile,
      bonusCards: [{ title: 'Trap', description: '', url: hostile, buttonLabel: 'Go' }],
      tiers: tierOffers({ priceReading: 'b', replayCheckoutUrl: hostile, aapCheckoutUrl: 'JavaScript:alert(2)' }),
      templateUpsell: { price: 25, fullPrice: 98, discountCode: 'X', url: hostile, paymentUrl: hostile },
      workshop: { title: 'W', startsAt: '2025-07-30T10:00:00+10:00', price: 4.99, url: hostile },
      speakers: {
        state: 'success',
        data: [speaker(1, { shortDescription: `[click](${hostile}) <a href="${hostile}">x</a>`, implementationWeek: true, integrationSessionLink: hostile })],
      },
      schedule: { kind: 'sessions', sessions: { state: 'success', data: [session(1, { integrationSessionLink: hostile, description: `[x](${hostile})` })] } },
      bonusBundle: {
        state: 'success',
        data: [bundleItem(1, { firstName: 'Eve', bio: `[x](${hostile})`, freebie: { title: 'Gift', downloadUrl: hostile } })],
      },
    });

    it('never turns a javascript: URL into an href', () => {
      const html = render(data);
      expect(hrefs(html).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
      expect(html.toLowerCase()).not.toContain('href="javascript');
      expect(textOf(html)).not.toContain('Need help?');
      expect(textOf(html)).not.toContain('Save My Seat');
      expect(textOf(html)).not.toContain('Get the Template');
      expect(textOf(html)).not.toContain('Upgrade');
      // A static schedule with a hostile community URL loses its button, not its entries.
      const { staticSchedule } = editionSettingsSchema.parse(demoEditions[0]!.edition.settings).dashboard;
      const july = render(dashboardData('july', { schedule: { kind: 'static', entries: staticSchedule, communityUrl: hostile } }));
      expect(july.toLowerCase()).not.toContain('href="javascript');
      expect(count(july, 'data-schedule-entry')).toBe(6);
      expect(textOf(july)).not.toContain('Access Integration Community');
    });

    it('opens every external link in a new tab with rel="noopener noreferrer"', () => {
      for (const slug of ['july', 'august', 'september'] as const) {
        const rich = dashboardData(slug, {
          tier: 'free',
          speakers: { state: 'success', data: [speaker(1, { shortDescription: '[site](https://x.example.com)', implementationWeek: true, integrationSessionLink: 'https://meet.example.com' })] },
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
      expect(html).not.toMatch(/\sstyle=/);
      expect(html).not.toMatch(/<script/);
      expect(html).not.toMatch(/\son[a-z]+=/);
      const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
      expect(images.length).toBeGreaterThanOrEqual(3);
      for (const image of images) expect(image).toMatch(/ alt="[^"]+".* width="\d+" height="\d+"/);
    });
  });
});
