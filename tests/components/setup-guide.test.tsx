import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setupGuidePhases } from '../../src/content/setup-guide.ts';
import { allItemIds } from '../../src/domain/setup-guide.ts';
import { SetupGuide } from '../../src/islands/SetupGuide.tsx';
import { headingLevels } from '../support/html.ts';

const html = renderToStaticMarkup(<SetupGuide phases={setupGuidePhases} />);
const total = allItemIds(setupGuidePhases).length;

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const count = (markup: string, needle: string) => markup.split(needle).length - 1;
/** The opening tags of elements with aria-expanded, in document order. */
const disclosures = (markup: string) => [...markup.matchAll(/<button[^>]*aria-expanded="(true|false)"[^>]*aria-controls="([^"]+)"[^>]*>/g)];
/** The attributes of the element with this id. */
const elementWithId = (markup: string, id: string) => markup.match(new RegExp(`<[a-z0-9]+[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? '';

describe('SetupGuide, default server render', () => {
  it('renders the five phases in order', () => {
    const phases = [...html.matchAll(/data-phase="([^"]+)"/g)].map((match) => match[1]);
    expect(phases).toEqual(['infrastructure', 'timer-and-access', 'content-customisation', 'domain-and-deployment', 'content-management']);
    const titles = [...html.matchAll(/<h2 id="setup-phase-[^"]+-heading">(.*?)<\/h2>/g)].map((match) => textOf(match[1] ?? ''));
    expect(titles).toHaveLength(5);
    ['Infrastructure', 'Timer and Access', 'Content Customisation', 'Domain and Deployment', 'Content Management'].forEach((title, index) => {
      expect(titles[index]).toContain(`Phase ${index + 1} ${title}`);
    });
  });

  it('expands phase 1 and collapses the others, and every item', () => {
    const buttons = disclosures(html);
    const phaseButtons = buttons.filter((match) => match[2]?.startsWith('setup-phase-'));
    const itemButtons = buttons.filter((match) => match[2]?.startsWith('setup-item-'));
    expect(phaseButtons.map((match) => match[1])).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(itemButtons).toHaveLength(total);
    expect(itemButtons.every((match) => match[1] === 'false')).toBe(true);
    for (const match of buttons) {
      const panel = elementWithId(html, match[2] ?? '');
      expect(panel, match[2]).not.toBe('');
      expect(/\bhidden=""/.test(panel), match[2]).toBe(match[1] === 'false');
    }
  });

  it('marks every item and gives each a labelled, unchecked checkbox', () => {
    expect(count(html, 'data-item="')).toBe(total);
    expect(count(html, 'type="checkbox"')).toBe(total);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    for (const id of allItemIds(setupGuidePhases)) {
      expect(html).toContain(`id="setup-item-${id}-complete"`);
      expect(html).toContain(`for="setup-item-${id}-complete"`);
    }
    expect(count(textOf(html), 'Mark complete')).toBe(total);
  });

  it('shows progress 0 of N and 0%, and no completion card', () => {
    const progress = html.match(/<section[^>]*data-progress=""[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(textOf(progress)).toContain(`0 of ${total} steps complete`);
    expect(textOf(progress)).toContain('0%');
    const bar = progress.match(/<div[^>]*role="progressbar"[^>]*>/)?.[0] ?? '';
    expect(bar).toContain('aria-valuenow="0"');
    expect(bar).toContain('aria-valuemin="0"');
    expect(bar).toContain('aria-valuemax="100"');
    expect(bar).toContain('aria-label="Setup progress"');
    expect(progress).toContain('class="h-full rounded-full bg-brand-primary-strong transition-[width] duration-300 w-0"');
    expect(html).not.toContain('data-completion-card');
    expect(html).not.toContain('Your summit is ready!');
    expect(textOf(html)).toContain('Reset progress');
  });

  it('has one Copy button per AI prompt', () => {
    const prompts = setupGuidePhases.flatMap((phase) => phase.items.flatMap((item) => item.prompts));
    expect(count(html, '>Copy</button>')).toBe(prompts.length);
    expect(count(html, 'data-prompt=""')).toBe(prompts.length);
  });

  it('links to the brand configuration and the admin', () => {
    expect(html).toMatch(/<a href="\/brand-config"[^>]*>Brand configuration<\/a>/);
    expect(html).toMatch(/<a href="\/admin"[^>]*>Admin<\/a>/);
    expect(textOf(html)).toContain('Your mail provider’s dashboard');
  });

  it('orders headings h1, h2 per phase, h3 per item and uses no style attributes', () => {
    const levels = headingLevels(html);
    expect(levels[0]).toBe(1);
    expect(count(html, '<h1')).toBe(1);
    expect(count(html, '<h2')).toBe(5);
    expect(count(html, '<h3')).toBe(total);
    for (let index = 1; index < levels.length; index++) {
      expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    }
    expect(html).not.toContain('style=');
  });

  it('renders the content as text, with inline code for commands', () => {
    expect(html).toContain('<code class="rounded bg-ink/5 px-1.5 py-0.5 font-mono text-[0.9em] text-ink">npm install &amp;&amp; npm start</code>');
    expect(textOf(html)).toContain('GET /healthz answers {"status":"ok"}.');
  });
});

describe('SetupGuide, external dashboards', () => {
  it('links the mail, DNS, hosting and database dashboards it names, each in a new tab without an opener', () => {
    const links = [...html.matchAll(/<ul data-dashboard-links=""[^>]*>(.*?)<\/ul>/g)].map((match) => match[1] ?? '');
    expect(links).toHaveLength(3);
    const all = links.join('');
    for (const kind of ['(mail)', '(DNS)', '(hosting)', '(Postgres)']) expect(textOf(all)).toContain(kind);
    const anchors = [...all.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
    expect(anchors.length).toBeGreaterThanOrEqual(9);
    for (const anchor of anchors) {
      expect(anchor).toMatch(/href="https:\/\//);
      expect(anchor).toContain('target="_blank"');
      expect(anchor).toContain('rel="noopener noreferrer"');
    }
  });
});
