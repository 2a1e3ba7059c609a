import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandConfigurator, type BrandConfiguratorProps } from '../../src/islands/BrandConfigurator.tsx';
import {
  attribute,
  elementsByTag,
  elementById,
  parseHtml,
  textOf,
  textsOf,
  unsafeMarkup,
  withAttribute,
  type Markup,
} from '../support/html.ts';

const render = (props: Partial<BrandConfiguratorProps> = {}) =>
  renderToStaticMarkup(<BrandConfigurator storageName="local folder storage" {...props} />);

const count = (html: string, needle: string) => html.split(needle).length - 1;
const attr = attribute;
const tags = elementsByTag;
const byId = (html: string, id: string) => {
  const control = [...tags(html, 'input'), ...tags(html, 'select'), ...tags(html, 'textarea')].find(
    (element) => attr(element, 'id') === id,
  );
  if (!control) throw new Error(`no control #${id}`);
  return control;
};
/** The control a <label> with exactly this text is for (its for attribute names the control's id). */
const controlLabelled = (html: string, text: string) => {
  const label = tags(html, 'label').find((element) => textOf(element) === text);
  const id = label && attr(label, 'for');
  return id === undefined ? undefined : elementById(html, id);
};
/** The visible text of the <label for=id>. */
const labelFor = (html: string, id: string) => {
  const label = tags(html, 'label').find((element) => attr(element, 'for') === id);
  return label ? textOf(label) : undefined;
};

describe('BrandConfigurator (first render)', () => {
  const html = render();

  it('shows four tabs in order, Branding selected, with a roving tabindex', () => {
    expect(count(html, 'role="tablist"')).toBe(1);
    // Links to their own fragments, so a tab pressed before hydration is kept in the address.
    const tabs = tags(html, 'a').filter((tag) => attr(tag, 'role') === 'tab');
    expect(tabs).toHaveLength(4);
    expect(tabs.map((tab) => attr(tab, 'href'))).toEqual(['#brand-branding', '#brand-content', '#brand-links', '#brand-settings']);
    const tabTexts = tags(html, 'a')
      .filter((tag) => attr(tag, 'role') === 'tab')
      .map((tab) => textOf(tab));
    expect(tabTexts).toEqual(['Branding', 'Content', 'Links', 'Settings']);
    expect(tabs.map((tab) => attr(tab, 'aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs.map((tab) => attr(tab, 'tabindex'))).toEqual(['0', '-1', '-1', '-1']);

    const panels = tags(html, 'div').filter((tag) => attr(tag, 'role') === 'tabpanel');
    expect(panels).toHaveLength(4);
    tabs.forEach((tab, index) => {
      const panel = panels[index]!;
      expect(attr(tab, 'aria-controls')).toBe(attr(panel, 'id'));
      expect(attr(panel, 'aria-labelledby')).toBe(attr(tab, 'id'));
    });
    expect(panels.map((panel) => attr(panel, 'hidden') !== undefined)).toEqual([false, true, true, true]);
  });

  it('renders every panel, so all the spec fields are in the page', () => {
    const expected: [label: string, type: string][] = [
      ['Summit name', 'text'],
      ['Tagline', 'text'],
      ['Logo URL', 'url'],
      ['Host name', 'text'],
      ['Host title', 'text'],
      ['Sales page URL', 'url'],
      ['Thank-you page URL', 'url'],
      ['Course URL', 'url'],
      ['Instagram', 'url'],
      ['LinkedIn', 'url'],
      ['Facebook', 'url'],
      ['Twitter', 'url'],
      ['Days available', 'number'],
      ['Hours per day', 'number'],
      ['Support e-mail', 'email'],
      ['Reply-to e-mail', 'email'],
    ];
    for (const [label, type] of expected) {
      const control = controlLabelled(html, label);
      expect(control?.tagName, label).toBe('input');
      expect(attr(control!, 'type'), label).toBe(type);
    }
    expect(controlLabelled(html, 'Host bio')?.tagName).toBe('textarea');
    expect(controlLabelled(html, 'Timer mode')?.tagName).toBe('select');
    expect(html).toContain('<option value="evergreen" selected="">Evergreen</option>');
    expect(html).toContain('<option value="live">Live</option>');
  });

  it('shows the default numbers with the spec placeholders', () => {
    const days = byId(html, 'brand-timerSettings-daysAvailable');
    const hours = byId(html, 'brand-timerSettings-hoursPerDay');
    expect([attr(days, 'value'), attr(days, 'placeholder')]).toEqual(['7', '7']);
    expect([attr(hours, 'value'), attr(hours, 'placeholder')]).toEqual(['24', '24']);
  });

  it('has a picker and a hex text field per colour, with the spec defaults', () => {
    const colours = [
      ['primaryColor', 'Primary', '#8B5CF6'],
      ['secondaryColor', 'Secondary', '#EC4899'],
      ['accentColor', 'Accent', '#10B981'],
    ] as const;
    expect(tags(html, 'input').filter((tag) => attr(tag, 'type') === 'color')).toHaveLength(3);
    for (const [path, name, hex] of colours) {
      const text = byId(html, `brand-${path}`);
      const picker = byId(html, `brand-${path}-picker`);
      expect(attr(text, 'type')).toBe('text');
      expect(attr(text, 'value')).toBe(hex);
      expect(attr(text, 'placeholder')).toBe(hex);
      expect(attr(picker, 'type')).toBe('color');
      expect(attr(picker, 'value')).toBe(hex.toLowerCase());
      expect(labelFor(html, `brand-${path}-picker`)).toBe(`${name} colour Picker`);
      expect(labelFor(html, `brand-${path}`)).toBe(`${name} colour Hex code`);
    }
  });

  it('offers a logo upload of the advertised image types and no preview without a logo', () => {
    const upload = byId(html, 'brand-logo-upload');
    expect(attr(upload, 'type')).toBe('file');
    // JPG, PNG and SVG advertised (docs/PRODUCT.md "Brand configuration"); a WebP chosen anyway is still taken.
    expect(attr(upload, 'accept')).toBe('image/png,image/jpeg,image/svg+xml');
    expect(labelFor(html, 'brand-logo-upload')).toBe('Upload a logo (JPG, PNG or SVG, at most 2 MB)');
    expect(html).not.toContain('<img');
    expect(textOf(html)).toContain('No logo yet.');
  });

  it('gives every control a visible label and no control is invalid', () => {
    const controls = [...tags(html, 'input'), ...tags(html, 'select'), ...tags(html, 'textarea')];
    // 2 text + 3 × (picker + hex) + heading font + upload + logo URL, 3 host, 7 links + website and
    // 3 legal (no longer reachable only by importing JSON), 5 settings, import.
    expect(controls).toHaveLength(31);
    for (const id of [
      'brand-headingFont',
      'brand-websiteUrl',
      'brand-legalInfo-companyName',
      'brand-legalInfo-privacyPolicyUrl',
      'brand-legalInfo-termsOfServiceUrl',
    ]) {
      expect(labelFor(html, id), id).toBeTruthy();
    }
    for (const control of controls) {
      const id = attr(control, 'id');
      expect(id, `a control without an id in ${textOf(html).slice(0, 40)}`).toBeTruthy();
      expect(labelFor(html, id as string), `the label of #${id}`).toBeTruthy();
    }
    expect(html).not.toContain('aria-invalid');
  });

  it('has no inline styles (the Content-Security-Policy forbids them)', () => {
    expect(unsafeMarkup(html)).toEqual([]);
  });

  it('shows the four prompts with Copy Prompt buttons, the colour prompt carrying the default colours', () => {
    const ids = tags(html, 'article').map((article) => attr(article, 'data-prompt'));
    expect(ids).toEqual(['colours', 'content', 'redirects', 'timer']);
    const titles = tags(html, 'h3').map((heading) => textOf(heading));
    expect(titles).toEqual(['Colour Scheme', 'Summit Content', 'Redirect URLs', 'Timer Configuration']);
    const colourBlock = textOf(withAttribute(html, 'data-prompt', 'colours'));
    for (const hex of ['#8B5CF6', '#EC4899', '#10B981']) expect(colourBlock).toContain(hex);
    expect(textOf(withAttribute(html, 'data-prompt', 'timer'))).toContain('Days available: 7');
    expect(textsOf(html, 'button').filter((text) => text === 'Copy Prompt')).toHaveLength(4);
  });

  it('has the download, import and back-to-setup-guide controls', () => {
    const download = tags(html, 'button').find((button) => textOf(button) === 'Download Configuration');
    expect(download && attr(download, 'type')).toBe('button');
    const back = tags(html, 'a').find((a) => textOf(a) === 'Back to Setup Guide');
    expect(back && attr(back, 'href')).toBe('/setup-guide');
    const importInput = byId(html, 'brand-import');
    expect(attr(importInput, 'type')).toBe('file');
    expect(attr(importInput, 'accept')).toBe('application/json');
    expect(labelFor(html, 'brand-import')).toBe('Import Configuration');
    expect(html).not.toContain('data-import-problems');
  });

  it('has the toast live regions ready', () => {
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="assertive"');
  });
});

describe('BrandConfigurator with an initial configuration', () => {
  it('shows the given values, the logo preview and prompts built from them', () => {
    const html = render({
      initialConfig: {
        summitName: 'Soul Sound Summit',
        primaryColor: '#123ABC',
        logoUrl: 'https://cdn.example.com/logo.png',
        redirectUrls: { course: 'https://school.example.com/course' },
        timerSettings: { mode: 'live', hoursPerDay: 12 },
      },
    });
    expect(attr(byId(html, 'brand-summitName'), 'value')).toBe('Soul Sound Summit');
    expect(attr(byId(html, 'brand-primaryColor'), 'value')).toBe('#123ABC');
    expect(attr(byId(html, 'brand-primaryColor-picker'), 'value')).toBe('#123abc');
    expect(attr(byId(html, 'brand-secondaryColor'), 'value')).toBe('#EC4899');
    expect(html).toContain('<option value="live" selected="">Live</option>');
    const img = tags(html, 'img')[0]!;
    expect(attr(img, 'src')).toBe('https://cdn.example.com/logo.png');
    expect(attr(img, 'alt')).toBe('Logo preview for Soul Sound Summit');
    const text = textOf(html);
    expect(text).toContain('Primary: #123ABC');
    expect(text).toContain('Course: https://school.example.com/course');
    expect(text).toContain('Mode: Live');
    expect(text).toContain('Hours per day: 12');
  });

  it('prefers an uploaded logo file for the preview', () => {
    const html = render({ initialConfig: { logoFile: '/uploads/brands/logo.png', logoUrl: 'https://cdn.example.com/logo.png' } });
    expect(attr(tags(html, 'img')[0]!, 'src')).toBe('/uploads/brands/logo.png');
    expect(textOf(html)).toContain('Remove uploaded logo');
  });

  it('keeps invalid values as given and shows the schema messages next to them', () => {
    const html = render({ initialConfig: { primaryColor: 'purple', emailSettings: { supportEmail: 'not-an-email' } } });
    const text = byId(html, 'brand-primaryColor');
    expect(attr(text, 'value')).toBe('purple');
    expect(attr(text, 'aria-invalid')).toBe('true');
    expect(attr(text, 'aria-describedby')).toBe('brand-primaryColor-error');
    expect(textOf(elementById(html, 'brand-primaryColor-error')!)).toMatch(/^Use a colour like #8B5CF6/);
    // The picker stays on a valid colour.
    expect(attr(byId(html, 'brand-primaryColor-picker'), 'value')).toBe('#8b5cf6');
    const email = byId(html, 'brand-emailSettings-supportEmail');
    expect(attr(email, 'value')).toBe('not-an-email');
    expect(attr(email, 'aria-invalid')).toBe('true');
    expect(textOf(html)).toContain('The support e-mail must be an e-mail address, like name@example.com.');
    // The prompts fall back to the default for the invalid colour.
    expect(textOf(html)).toContain('Primary: #8B5CF6');
  });
});

describe('BrandConfigurator and applying to the site', () => {
  const buttonsNamed = (html: Markup, text: string) => tags(html, 'button').filter((button) => textOf(button) === text);

  it('offers no "Apply to this site" without an applyUrl (the public /brand-config)', () => {
    const html = render();
    expect(buttonsNamed(html, 'Apply to this site')).toEqual([]);
    expect(textOf(html)).not.toContain('Apply to this site');
  });

  it('offers "Apply to this site" next to Download Configuration with an applyUrl', () => {
    const html = render({ applyUrl: '/api/admin/brand' });
    const tree = parseHtml(html);
    const [button, ...more] = buttonsNamed(tree, 'Apply to this site');
    expect(more).toEqual([]);
    expect(attr(button!, 'type')).toBe('button');
    expect(attr(button!, 'disabled')).toBeUndefined();
    // Right after Download Configuration, in the same row.
    const [download] = buttonsNamed(tree, 'Download Configuration');
    const row = tags(tree, 'div').find((div) => div.children.includes(download!));
    expect(row!.children[row!.children.indexOf(download!) + 1]).toBe(button);
    expect(unsafeMarkup(html)).toEqual([]);
  });

  it('is this site’s brand on the admin screen: its own tabs, no timer and no AI prompts, and the e-mail addresses with the contact links', () => {
    const html = render({ applyUrl: '/api/admin/brand' });
    expect(
      tags(html, 'a')
        .filter((link) => attr(link, 'role') === 'tab')
        .map(textOf),
    ).toEqual(['Name and look', 'Host', 'Contact and legal']);
    expect(textsOf(html, 'h2')).not.toContain('AI prompts');
    expect(tags(html, 'article').filter((article) => attr(article, 'data-prompt'))).toEqual([]);
    expect(textOf(html)).not.toContain('Timer mode');
    expect(textOf(html)).not.toContain('Sales page URL');
    expect(textOf(html)).not.toContain('Sacred');
    expect(textsOf(html, 'legend')).toEqual(expect.arrayContaining(['E-mail', 'Social links', 'After registering']));
  });

  it('keeps the public /brand-config’s words: its four tabs, the timer and the AI prompts', () => {
    const html = render();
    expect(textsOf(html, 'h2')).toContain('AI prompts');
    expect(textsOf(html, 'legend')).toContain('Timer');
    expect(textOf(html)).toContain('Paste these into your AI assistant to apply your brand to the site');
  });
});
