import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setupGuidePhases } from '../../src/content/site/setup-guide-phases.ts';
import { allItemIds } from '../../src/domain/setup-guide.ts';
import { SetupGuide } from '../../src/islands/SetupGuide.tsx';
import {
  allWithAttribute,
  attribute,
  attributesOf,
  elementById,
  elementsByTag,
  headingLevels,
  linkTo,
  parseHtml,
  textOf,
  textsOf,
  unsafeMarkup,
  withAttribute,
} from '../support/html.ts';

const html = renderToStaticMarkup(<SetupGuide phases={setupGuidePhases} />);
const tree = parseHtml(html);
const total = allItemIds(setupGuidePhases).length;

/** Occurrences of a phrase in a text. */
const count = (text: string, phrase: string) => text.split(phrase).length - 1;
/** The disclosures (a phase's summary, an item's button: aria-expanded), in document order, with what they open. */
const disclosures = () =>
  allWithAttribute(tree, 'aria-expanded').map((button) => ({
    expanded: attribute(button, 'aria-expanded'),
    controls: attribute(button, 'aria-controls') ?? '',
  }));

describe('SetupGuide, default server render', () => {
  it('renders the five phases in order', () => {
    const phases = allWithAttribute(tree, 'data-phase').map((phase) => attribute(phase, 'data-phase'));
    expect(phases).toEqual(['infrastructure', 'timer-and-access', 'content-customisation', 'domain-and-deployment', 'content-management']);
    const titles = elementsByTag(tree, 'h2')
      .filter((heading) => /^setup-phase-.+-heading$/.test(attribute(heading, 'id') ?? ''))
      .map((heading) => textOf(heading));
    expect(titles).toHaveLength(5);
    ['Infrastructure', 'Timer and Access', 'Content Customisation', 'Domain and Deployment', 'Content Management'].forEach(
      (title, index) => {
        expect(titles[index]).toContain(`Phase ${index + 1} ${title}`);
      },
    );
  });

  it('expands phase 1 and collapses the others, and every item', () => {
    const buttons = disclosures();
    const phaseButtons = buttons.filter((button) => button.controls.startsWith('setup-phase-'));
    const itemButtons = buttons.filter((button) => button.controls.startsWith('setup-item-'));
    expect(phaseButtons.map((button) => button.expanded)).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(itemButtons).toHaveLength(total);
    expect(itemButtons.every((button) => button.expanded === 'false')).toBe(true);
    for (const button of buttons) {
      const panel = elementById(tree, button.controls);
      expect(panel, button.controls).toBeDefined();
      if (button.controls.startsWith('setup-item-')) {
        expect(attribute(panel!, 'hidden') === '', button.controls).toBe(button.expanded === 'false');
      }
    }
    // A phase is a native disclosure: its panel shows while its <details> is open.
    const phaseOpen = allWithAttribute(tree, 'data-phase-disclosure').map((details) => attribute(details, 'open') !== undefined);
    expect(phaseOpen).toEqual(phaseButtons.map((button) => button.expanded === 'true'));
  });

  it('marks every item and gives each a labelled, unchecked checkbox', () => {
    expect(allWithAttribute(tree, 'data-item')).toHaveLength(total);
    const checkboxes = allWithAttribute(tree, 'type', 'checkbox');
    expect(checkboxes).toHaveLength(total);
    expect(checkboxes.filter((checkbox) => attribute(checkbox, 'checked') !== undefined)).toEqual([]);
    const labelled = new Set(elementsByTag(tree, 'label').map((label) => attribute(label, 'for')));
    for (const id of allItemIds(setupGuidePhases)) {
      expect(attribute(elementById(tree, `setup-item-${id}-complete`)!, 'type')).toBe('checkbox');
      expect(labelled.has(`setup-item-${id}-complete`), id).toBe(true);
    }
    expect(count(textOf(tree), 'Mark complete')).toBe(total);
  });

  it('shows progress 0 of N and 0%, and no completion card', () => {
    const progress = withAttribute(tree, 'data-progress', '');
    expect(progress.tagName).toBe('section');
    expect(textOf(progress)).toContain(`0 of ${total} steps complete`);
    expect(textOf(progress)).toContain('0%');
    const bar = withAttribute(progress, 'role', 'progressbar');
    expect(attributesOf(bar)).toMatchObject({
      'aria-valuenow': '0',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'aria-label': 'Setup progress',
    });
    const fill = elementsByTag(progress, 'div').filter(
      (div) => attribute(div, 'class') === 'h-full rounded-full bg-brand-primary-strong transition-[width] duration-300 w-0',
    );
    expect(fill).toHaveLength(1);
    expect(allWithAttribute(tree, 'data-completion-card')).toEqual([]);
    expect(textOf(tree)).not.toContain('Your summit is ready!');
    expect(textOf(tree)).toContain('Reset progress');
  });

  it('has one Copy button per AI prompt', () => {
    const prompts = setupGuidePhases.flatMap((phase) => phase.items.flatMap((item) => item.prompts));
    expect(textsOf(tree, 'button').filter((text) => text === 'Copy')).toHaveLength(prompts.length);
    expect(allWithAttribute(tree, 'data-prompt', '')).toHaveLength(prompts.length);
  });

  it('links to the brand configuration and the admin', () => {
    expect(linkTo(tree, '/brand-config')?.text).toBe('Brand configuration');
    expect(linkTo(tree, '/admin')?.text).toBe('Admin');
    expect(textOf(tree)).toContain('Your mail provider’s dashboard');
  });

  it('orders headings h1, h2 per phase, h3 per item and uses no style attributes', () => {
    const levels = headingLevels(tree);
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels.filter((level) => level === 2)).toHaveLength(5);
    expect(levels.filter((level) => level === 3)).toHaveLength(total);
    for (let index = 1; index < levels.length; index++) {
      expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    }
    expect(unsafeMarkup(tree)).toEqual([]);
  });

  it('renders the content as text, with inline code for commands', () => {
    const code = elementsByTag(tree, 'code').find((element) => textOf(element) === 'npm install && npm start');
    expect(code && attribute(code, 'class')).toBe('rounded bg-ink/5 px-1.5 py-0.5 font-mono text-[0.9em] text-ink');
    expect(textOf(tree)).toContain('GET /healthz answers {"status":"ok"}.');
  });
});

describe('SetupGuide, external dashboards', () => {
  it('links the mail, DNS, hosting and database dashboards it names, each in a new tab without an opener', () => {
    const lists = allWithAttribute(tree, 'data-dashboard-links', '');
    expect(lists.map((list) => list.tagName)).toEqual(['ul', 'ul', 'ul']);
    const text = lists.map((list) => textOf(list)).join(' ');
    for (const kind of ['(mail)', '(DNS)', '(hosting)', '(Postgres)']) expect(text).toContain(kind);
    const anchors = lists.flatMap((list) => elementsByTag(list, 'a'));
    expect(anchors.length).toBeGreaterThanOrEqual(9);
    for (const anchor of anchors) {
      expect(attribute(anchor, 'href')).toMatch(/^https:\/\//);
      expect(attribute(anchor, 'target')).toBe('_blank');
      expect(attribute(anchor, 'rel')).toBe('noopener noreferrer');
    }
  });
});
