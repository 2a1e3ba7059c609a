import { DEMO_TEXTS } from '../../src/domain/edition-texts/demo-texts.ts';
import { NEUTRAL_TEXTS } from '../../src/domain/edition-texts/neutral-texts.ts';
import { dayPageTexts, hostCardTexts } from '../../src/domain/edition-texts/page-texts.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FreeGift } from '../../src/components/host/FreeGift.tsx';
import { HostCard, type HostCardProps } from '../../src/components/host/HostCard.tsx';
import { HostLoaderView } from '../../src/components/host/HostLoaderView.tsx';
import { ImplementationWeekBlock } from '../../src/components/host/ImplementationWeekBlock.tsx';
import { UpgradeBanner } from '../../src/components/host/UpgradeBanner.tsx';
import { freebieSchema, hostInputSchema, type HostInput } from '../../src/domain/entities.ts';
import type { ShownHost } from '../../src/domain/shown-content.ts';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { showFreebie, showPerson } from '../../src/markup/shown-content.ts';
import {
  allWithAttribute,
  attribute,
  attributesOf,
  elementsByTag,
  externalLinks,
  firstByTag,
  headingLevels,
  hrefs,
  linkTo,
  parseHtml,
  textOf,
  textsOf,
  unsafeMarkup,
  withAttribute,
} from '../support/html.ts';

const AUDIO = 'player.example-audio.com';
const AAP = 'https://shop.example.com/aap';

const count = (html: string, needle: string) => html.split(needle).length - 1;

/** A host as the server hands it to the page (markdown already rendered: src/markup/shown-content.ts). */
const makeHost = (input: Partial<HostInput> = {}): ShownHost =>
  showPerson({ ...hostInputSchema.parse({ firstName: 'Luna', lastName: 'Rivers', day: 1, ...input }), id: 7 });

const renderCard = (host: ShownHost, props: Partial<HostCardProps> = {}) =>
  renderToStaticMarkup(
    <HostCard
      host={host}
      summit="july"
      context="public"
      durationPlace="hostCard"
      audioHost={AUDIO}
      allAccessUrl={AAP}
      allAccessName="All Access Pass"
      {...props}
    />,
  );

/** The demo's words for a day without a host, through the same rule the pages use. */
const DEMO_CARD = hostCardTexts(DEMO_TEXTS, 2, { hostName: null, hostTitle: null });

const renderView = (host: ShownHost | null, summit = 'july', context: 'public' | 'dashboard' = 'public') =>
  renderToStaticMarkup(
    <HostLoaderView
      state="success"
      host={host}
      summit={summit}
      day={2}
      context={context}
      audioHost={AUDIO}
      allAccessUrl={AAP}
      fallbackTexts={DEMO_CARD}
      allAccessName="All Access Pass"
    />,
  );

/** The banner as the day page fills it: the edition's words with its pass name. */
const banner = (passName: string, texts = DEMO_TEXTS) => (
  <UpgradeBanner
    allAccessUrl={AAP}
    passName={passName}
    texts={dayPageTexts(texts, { day: 1, brand: { hostName: null, hostTitle: null }, values: { pass_name: passName } }).upgrade}
  />
);

/** The one element the markup opens with (a component's outermost element). */
const rootElement = (html: string) => {
  const [root, ...rest] = parseHtml(html).children;
  expect(rest).toEqual([]);
  if (root?.type !== 'element') throw new Error('The markup does not open with an element');
  return root;
};

/** Every external link opens in a new tab with rel="noopener noreferrer". */
const expectSafeExternalLinks = (html: string) => {
  for (const link of externalLinks(html)) {
    expect(link.target).toBe('_blank');
    expect(link.rel).toMatch(/^noopener noreferrer( nofollow)?$/);
  }
};

describe('HostCard', () => {
  const full = makeHost({
    pronouns: 'she/her',
    image: '/uploads/luna.jpg',
    websiteUrl: 'https://luna.example.com',
    modalities: 'Breathwork, Reiki , ,Sound Healing,',
    bio: 'Luna guides **gentle** rituals. <img src=x onerror="alert(1)">',
    shortDescription: '<p onclick="x()">Short <em>intro</em></p><script>alert(1)</script>',
    episodeDuration: '2:15:30',
    helloAudioEmbedId: 'hello-luna-01',
    freebie: {
      title: 'Moon Journal',
      description: 'A *free* guide',
      image: '/uploads/gift.png',
      downloadUrl: 'https://files.example.com/gift.pdf',
    },
    implementationWeek: true,
    implementationWeekTopic: 'Embodied Pricing',
    implementationWeekDescription: 'Live **integration** call',
    integrationSessionLink: 'https://meet.example.com/s/1',
  });

  it('shows photo, name, pronouns, website, modality badges, bio and short description', () => {
    const html = renderCard(full);
    expect(rootElement(html)).toMatchObject({ tagName: 'article', properties: { dataHostCard: '' } });
    expect(attributesOf(firstByTag(html, 'img'))).toMatchObject({
      src: '/media/320/uploads/luna.jpg',
      srcset: expect.stringMatching(/ 2x$/),
      alt: 'Portrait of Luna Rivers',
      width: '240',
      height: '240',
      loading: 'lazy',
    });
    expect(textsOf(html, 'h3')).toContain('Luna Rivers');
    expect(textOf(html)).toContain('she/her');
    expect(linkTo(html, 'https://luna.example.com')).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      text: expect.stringMatching(/^Visit website/),
    });
    expect(allWithAttribute(html, 'data-modality').map((badge) => attribute(badge, 'data-modality'))).toEqual([
      'Breathwork',
      'Reiki',
      'Sound Healing',
    ]);
    expect(textsOf(html, 'strong')).toContain('gentle');
    const shortDescription = withAttribute(html, 'data-host-short-description');
    expect(textOf(shortDescription)).toBe('Short intro');
    expect(textsOf(shortDescription, 'em')).toEqual(['intro']);
    expect(unsafeMarkup(html)).toEqual([]);
    expect(html).not.toMatch(/onerror|onclick/);
    expectSafeExternalLinks(html);
  });

  it('falls back to the headshot, and renders no badges list without modalities', () => {
    const html = renderCard(makeHost({ headshot: 'https://cdn.example.com/h.jpg' }));
    expect(html).toContain('src="https://cdn.example.com/h.jpg"');
    expect(html).not.toContain('data-modality');
    expect(html).not.toContain('Visit website');
  });

  it('keeps headings in order, starting at h3', () => {
    const levels = headingLevels(renderCard(full, { context: 'dashboard' }));
    expect(levels[0]).toBe(3);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c', '/relative', 'luna.example.com'])(
    'renders no website link for %s',
    (websiteUrl) => {
      const html = renderCard(makeHost({ websiteUrl }));
      expect(html).not.toContain('Visit website');
      expect(html.toLowerCase()).not.toContain('javascript:');
    },
  );

  it('blanks a javascript: link in the bio', () => {
    const html = renderCard(makeHost({ bio: 'See [x](javascript:alert(1)) and [y](https://ok.example.com)' }));
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(hrefs(html)).toContain('https://ok.example.com');
    expect(textOf(html)).toContain('See x and y');
  });

  it('escapes plain text fields', () => {
    const html = renderCard(makeHost({ firstName: '<b>Luna</b>', pronouns: '<i>she</i>' }));
    expect(html).toContain('&lt;b&gt;Luna&lt;/b&gt; Rivers');
    expect(html).toContain('&lt;i&gt;she&lt;/i&gt;');
  });

  describe('audio', () => {
    it('plays the hello audio with the host duration', () => {
      const html = renderCard(full);
      expect(count(html, 'data-episode-player')).toBe(1);
      expect(textOf(html)).toContain('A hello from Luna');
      expect(html).toContain('data-embed-id="hello-luna-01"');
      expect(textOf(html)).toContain('Duration 2:15:30');
    });

    it('renders an allowed iframe snippet as a fresh iframe', () => {
      const html = renderCard(makeHost({ helloAudioEmbedId: `<iframe src="https://${AUDIO}/e/9" onload="alert(1)"></iframe>` }));
      expect(html).toContain(`<iframe src="https://${AUDIO}/e/9" title="Audio player: A hello from Luna"`);
      expect(html).not.toContain('onload');
    });

    it("defaults a missing duration to '25:30' on the host card and '5:00' on the loaded host view", () => {
      const host = makeHost({ helloAudioEmbedId: 'abc' });
      expect(textOf(renderCard(host))).toContain('Duration 25:30');
      const view = renderView(host);
      expect(textOf(view)).toContain('Duration 5:00');
      expect(textOf(view)).not.toContain('25:30');
    });

    it("shows 'Today's Sacred Container' only in august without an audio id", () => {
      const august = renderCard(makeHost(), { summit: 'august' });
      expect(textsOf(august, 'h3')).toContain("Today's Sacred Container");
      expect(allWithAttribute(august, 'data-player-toggle')).toHaveLength(1);
      expect(textOf(august)).toContain('Duration 25:30');
      expect(textOf(renderView(makeHost(), 'august'))).toContain('Duration 5:00');

      const augustWithAudio = renderCard(makeHost({ helloAudioEmbedId: 'abc' }), { summit: 'august' });
      expect(textOf(augustWithAudio)).not.toContain('Sacred Container');
      expect(textOf(augustWithAudio)).toContain('A hello from Luna');

      for (const summit of ['july', 'september']) {
        const html = renderCard(makeHost(), { summit });
        expect(html).not.toContain('data-episode-player');
        expect(textOf(html)).not.toContain('Sacred Container');
      }
    });
  });

  describe('free gift', () => {
    it('shows the gift block only when the freebie has a title', () => {
      expect(renderCard(full)).toContain('data-free-gift');
      expect(renderCard(makeHost())).not.toContain('data-free-gift');
      expect(
        renderCard(makeHost({ freebie: { title: '   ', description: 'x', downloadUrl: 'https://f.example.com/a.pdf' } })),
      ).not.toContain('data-free-gift');
      expect(renderCard(makeHost({ freebie: { description: 'No title' } }))).not.toContain('data-free-gift');
    });
  });

  describe('implementation week', () => {
    it('is hidden unless the host is flagged', () => {
      expect(renderCard(makeHost({ implementationWeekTopic: 'X' }))).not.toContain('data-implementation-week');
      expect(renderCard(full)).toContain('data-implementation-week');
    });

    it('passes topic, description, link and context through', () => {
      const html = renderCard(full, { context: 'dashboard' });
      expect(textOf(html)).toContain('Embodied Pricing');
      expect(html).toContain('<strong>integration</strong>');
      expect(linkTo(html, 'https://meet.example.com/s/1')).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
        text: expect.stringMatching(/^Access Your Session/),
      });
      const publicHtml = renderCard(full, { context: 'public' });
      expect(textOf(publicHtml)).toContain('Get the All Access Pass');
      expect(publicHtml).not.toContain('Access Your Session');
    });
  });
});

describe('FreeGift', () => {
  const gift = (input: Partial<ReturnType<typeof freebieSchema.parse>>) =>
    showFreebie(freebieSchema.parse({ title: 'Moon Journal', ...input }));

  it('shows heading, title, markdown description, 160x160 image and a download link', () => {
    const html = renderToStaticMarkup(
      <FreeGift
        freebie={gift({
          description: 'A *free* [guide](javascript:alert(1))',
          image: '/uploads/gift.png',
          downloadUrl: 'https://files.example.com/gift.pdf',
        })}
      />,
    );
    expect(rootElement(html)).toMatchObject({ tagName: 'div', properties: { dataFreeGift: '' } });
    expect(textsOf(html, 'h3')).toEqual(['Your Free Gift']);
    expect(textOf(html)).toContain('Moon Journal');
    expect(textsOf(html, 'em')).toEqual(['free']);
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(attributesOf(firstByTag(html, 'img'))).toMatchObject({
      src: '/media/160/uploads/gift.png',
      srcset: expect.any(String),
      alt: expect.stringMatching(/./),
      width: '160',
      height: '160',
      loading: 'lazy',
    });
    expect(linkTo(html, 'https://files.example.com/gift.pdf')).toMatchObject({
      download: '',
      target: '_blank',
      rel: 'noopener noreferrer',
      text: expect.stringMatching(/^Download Your Gift/),
    });
    expect(elementsByTag(html, 'button')).toEqual([]);
  });

  it.each(['', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', '/gift.pdf'])(
    'disables the download without a usable downloadUrl (%j)',
    (downloadUrl) => {
      const html = renderToStaticMarkup(<FreeGift freebie={gift({ downloadUrl })} />);
      const button = firstByTag(html, 'button');
      expect(attributesOf(button)).toMatchObject({ type: 'button', disabled: '', 'aria-disabled': 'true' });
      expect(textOf(button)).toBe('Download Your Gift');
      expect(elementsByTag(html, 'a')).toEqual([]);
      expect(html.toLowerCase()).not.toContain('javascript:');
      expect(elementsByTag(html, 'img')).toEqual([]);
    },
  );
});

describe('ImplementationWeekBlock', () => {
  const render = (
    context: 'public' | 'dashboard',
    integrationSessionLink: string | null,
    allAccessUrl = AAP,
    allAccessName = 'All Access Pass',
  ) =>
    renderToStaticMarkup(
      <ImplementationWeekBlock
        person={{
          implementationWeek: true,
          implementationWeekTopic: 'Embodied Pricing',
          implementationWeekDescriptionHtml: renderMarkup('Live **call**, see [x](javascript:alert(1))'),
          integrationSessionLink,
        }}
        context={context}
        allAccessUrl={allAccessUrl}
        allAccessName={allAccessName}
      />,
    );

  it('shows heading, topic and sanitised markdown description', () => {
    const html = render('dashboard', null);
    expect(html).toContain('data-implementation-week');
    expect(textsOf(html, 'h3')).toEqual(['Implementation Week']);
    expect(textOf(html)).toContain('Embodied Pricing');
    expect(html).toContain('<strong>call</strong>');
    expect(html.toLowerCase()).not.toContain('javascript:');
  });

  it('dashboard with a link: an access button in a new tab', () => {
    const html = render('dashboard', 'https://meet.example.com/s/1');
    expect(linkTo(html, 'https://meet.example.com/s/1')).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      text: expect.stringMatching(/^Access Your Session/),
    });
    expect(textOf(html)).not.toContain('Included in your All Access Pass');
    expect(textOf(html)).not.toContain('Get the All Access Pass');
  });

  it.each([null, '', 'javascript:alert(1)', 'ftp://files.example.com'])(
    "dashboard without a usable link (%j): 'Included in your All Access Pass'",
    (link) => {
      const html = render('dashboard', link);
      expect(textOf(html)).toContain('Included in your All Access Pass');
      expect(html).not.toContain('Access Your Session');
      expect(hrefs(html)).toEqual([]);
    },
  );

  it('public: a purchase call to action to the All Access Pass, even when a session link exists', () => {
    const html = render('public', 'https://meet.example.com/s/1');
    expect(textOf(html)).toMatch(/Join Implementation Week with the All Access Pass/);
    expect(linkTo(html, 'https://shop.example.com/aap')).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      text: expect.stringMatching(/^Get the All Access Pass/),
    });
    expect(html).not.toContain('meet.example.com');
    expect(textOf(html)).not.toContain('Included in your All Access Pass');
  });

  it('names the pass by the edition’s name in both contexts (decision 0042), never a fixed one', () => {
    const offer = textOf(render('public', null, AAP, 'Studio Pass'));
    expect(offer).toContain('Join Implementation Week with the Studio Pass');
    expect(offer).toContain('Get the Studio Pass');
    expect(textOf(render('dashboard', null, AAP, 'Studio Pass'))).toContain('Included in your Studio Pass');
    expect(offer + textOf(render('dashboard', null, AAP, 'Studio Pass'))).not.toContain('All Access');
  });

  it('public with an unsafe All Access URL renders no link', () => {
    const html = render('public', null, 'javascript:alert(1)');
    expect(hrefs(html)).toEqual([]);
  });
});

describe('HostLoaderView', () => {
  const base = {
    summit: 'july',
    day: 2,
    context: 'public' as const,
    audioHost: AUDIO,
    allAccessUrl: AAP,
    allAccessName: 'All Access Pass',
    fallbackTexts: DEMO_CARD,
  };

  it("shows the spinner with 'Loading host...' while loading", () => {
    const html = renderToStaticMarkup(<HostLoaderView state="loading" {...base} />);
    expect(rootElement(html)).toMatchObject({ tagName: 'div', properties: { dataHostView: '', dataState: 'loading' } });
    expect(allWithAttribute(html, 'role', 'status')).toHaveLength(1);
    expect(textOf(html)).toBe('Loading host...');
  });

  it.each([
    ['an error', <HostLoaderView state="error" {...base} />, 'error'],
    ['no host found', <HostLoaderView state="success" host={null} {...base} />, 'success'],
  ])("shows the 'Your Host' fallback card on %s", (_, element, state) => {
    const html = renderToStaticMarkup(element);
    expect(attribute(rootElement(html), 'data-state')).toBe(state);
    expect(allWithAttribute(html, 'data-host-fallback')).toHaveLength(1);
    expect(textsOf(html, 'h3')).toEqual(['Your Host']);
    expect(textOf(html)).toContain('Your guide for Day 2');
    expect(textOf(html)).toContain("Welcome to today's sacred conversations.");
    expect(allWithAttribute(html, 'data-host-card')).toEqual([]);
    expect(allWithAttribute(html, 'role', 'status')).toEqual([]);
  });

  it('names the brand’s host, with initials, when the day has no host and the brand names one', () => {
    const named = hostCardTexts(NEUTRAL_TEXTS, 2, { hostName: 'Marta Kiel', hostTitle: 'Maker and teacher' });
    const html = renderToStaticMarkup(<HostLoaderView state="success" host={null} {...base} fallbackTexts={named} />);
    expect(textsOf(html, 'h3')).toEqual(['Marta Kiel']);
    expect(textOf(html)).toContain('MK');
    expect(textOf(html)).toContain('Maker and teacher');
    expect(textOf(html)).not.toContain('Your Host');
    expect(textOf(html)).not.toMatch(/sacred/i);
  });

  it('shows the host card when a host is loaded', () => {
    const html = renderView(makeHost({ helloAudioEmbedId: 'abc' }), 'july', 'dashboard');
    expect(attribute(rootElement(html), 'data-state')).toBe('success');
    expect(allWithAttribute(html, 'data-host-card')).toHaveLength(1);
    expect(allWithAttribute(html, 'data-host-fallback')).toEqual([]);
    expect(textOf(html)).toContain('Luna Rivers');
  });
});

describe('UpgradeBanner', () => {
  it('offers the edition’s All Access Pass by its name', () => {
    const html = renderToStaticMarkup(banner('Sovereign Pathway All Access Pass'));
    expect(allWithAttribute(html, 'data-upgrade-banner')).toHaveLength(1);
    expect(textsOf(html, 'h3')).toEqual(['Ready to Continue Your Journey?']);
    const text = textOf(html);
    expect(text).toContain('Sovereign Pathway All Access Pass');
    expect(text).toContain('30-day extended access');
    expect(text).toContain('4-Day Integration Retreat');
    expect(text).toContain('bonus library');
    expect(linkTo(html, 'https://shop.example.com/aap')).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      text: expect.stringMatching(/^Get the Sovereign Pathway All Access Pass/),
    });
  });

  it('names a pass the host renamed, and no other', () => {
    const text = textOf(renderToStaticMarkup(banner('Harbour Light All Access')));
    expect(text).toContain('The Harbour Light All Access gives you 30-day extended access');
    expect(text).toContain('Get the Harbour Light All Access');
    expect(text).not.toContain('Sovereign Pathway');
  });

  it('speaks a new edition’s neutral words, with no retreat or bonus library', () => {
    const text = textOf(renderToStaticMarkup(banner('Studio Pass', NEUTRAL_TEXTS)));
    expect(text).toContain('The Studio Pass keeps every conversation open');
    expect(text).not.toMatch(/retreat|bonus library|journey/i);
  });
});
