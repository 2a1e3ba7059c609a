import { describe, expect, it } from 'vitest';
import { brandConfigSchema, defaultBrandConfig, strongShade, type BrandConfig, type BrandConfigInput } from '../../src/domain/brand.ts';
import { brandPrompts, NOT_SET, type BrandPromptId } from '../../src/domain/brand-prompts.ts';

const config = (input: BrandConfigInput = {}): BrandConfig => brandConfigSchema.parse(input);
const promptText = (brand: BrandConfig, id: BrandPromptId) => {
  const prompt = brandPrompts(brand).find((p) => p.id === id);
  if (!prompt) throw new Error(`no prompt ${id}`);
  return prompt.text;
};

const FULL: BrandConfigInput = {
  summitName: 'Soul Sound Summit',
  tagline: 'Podcasting from the heart',
  primaryColor: '#123abc',
  secondaryColor: '#FF8800',
  accentColor: '#00AA55',
  logoUrl: 'https://cdn.example.com/logo.svg',
  hostName: 'Luna Rivers',
  hostTitle: 'Founder of Heart Radio',
  hostBio: 'Luna has guided healers for ten years.',
  socialLinks: { instagram: 'https://instagram.com/luna', linkedin: '', facebook: '', twitter: 'https://twitter.com/luna' },
  redirectUrls: {
    salesPage: 'https://shop.example.com/aap',
    thankYou: 'https://example.com/thanks',
    course: 'https://school.example.com/course',
  },
  emailSettings: { supportEmail: 'help@example.com', replyToEmail: 'luna@example.com' },
  timerSettings: { mode: 'evergreen', daysAvailable: 14, hoursPerDay: 12 },
};

describe('brandPrompts', () => {
  it('gives the four prompts in order, with their titles', () => {
    expect(brandPrompts(defaultBrandConfig()).map(({ id, title }) => [id, title])).toEqual([
      ['colours', 'Colour Scheme'],
      ['content', 'Summit Content'],
      ['redirects', 'Redirect URLs'],
      ['timer', 'Timer Configuration'],
    ]);
  });

  it('describes this product: Astro, React, Tailwind v4 and the brand CSS variables', () => {
    const colours = promptText(defaultBrandConfig(), 'colours');
    for (const needle of [
      'Astro',
      'React',
      'Tailwind CSS v4',
      '--brand-primary',
      '--brand-secondary',
      '--brand-accent',
      'Content-Security-Policy',
    ]) {
      expect(colours).toContain(needle);
    }
    expect(promptText(defaultBrandConfig(), 'timer')).toContain('day1');
    expect(promptText(defaultBrandConfig(), 'redirects')).toContain('redirectUrl');
  });

  it('uses the spec defaults for the colours and the timer, and (not set) for empty values', () => {
    const defaults = defaultBrandConfig();
    const colours = promptText(defaults, 'colours');
    expect(colours).toContain('#8B5CF6');
    expect(colours).toContain('#EC4899');
    expect(colours).toContain('#10B981');
    expect(colours).toContain(`Summit name: ${NOT_SET}`);

    const timer = promptText(defaults, 'timer');
    expect(timer).toContain('Mode: Evergreen');
    expect(timer).toContain('Days available: 7');
    expect(timer).toContain('Hours per day: 24');
    expect(timer).toContain(`durationSeconds: ${24 * 3600}`);
    expect(timer).toContain(`durationSeconds: ${7 * 24 * 3600}`);

    const content = promptText(defaults, 'content');
    expect(content).toContain(`Summit name: ${NOT_SET}`);
    expect(content).toContain(`Name: ${NOT_SET}`);
    expect(content).toContain(`Instagram: ${NOT_SET}`);
    expect(content).toContain(`Support e-mail: ${NOT_SET}`);

    const redirects = promptText(defaults, 'redirects');
    expect(redirects).toContain(`Sales page: ${NOT_SET}`);
    expect(redirects).toContain(`Thank-you page: ${NOT_SET}`);
    expect(redirects).toContain(`Course: ${NOT_SET}`);
  });

  it('falls back to the default colours and numbers when given empty or broken values', () => {
    const broken = {
      ...defaultBrandConfig(),
      primaryColor: '',
      secondaryColor: 'pink',
      timerSettings: { mode: 'evergreen', daysAvailable: Number.NaN, hoursPerDay: 0 },
    } as BrandConfig;
    expect(promptText(broken, 'colours')).toContain('Primary: #8B5CF6');
    expect(promptText(broken, 'colours')).toContain('Secondary: #EC4899');
    expect(promptText(broken, 'timer')).toContain('Days available: 7');
    expect(promptText(broken, 'timer')).toContain('Hours per day: 24');
  });

  it('embeds the current values', () => {
    const brand = config(FULL);
    const [colours, content, redirects, timer] = brandPrompts(brand).map((p) => p.text) as [string, string, string, string];

    expect(colours).toContain('Soul Sound Summit');
    expect(colours).toContain('Primary: #123ABC');
    expect(colours).toContain('Secondary: #FF8800');
    expect(colours).toContain('Accent: #00AA55');
    expect(colours).toMatch(/#123ABC: \d+\.\d{2}:1 against white/);
    expect(colours).toContain(`--brand-primary-strong to ${strongShade('#123ABC')}`);

    for (const value of [
      'Soul Sound Summit',
      'Podcasting from the heart',
      'https://cdn.example.com/logo.svg',
      'Luna Rivers',
      'Founder of Heart Radio',
      'Luna has guided healers for ten years.',
      'https://instagram.com/luna',
      'https://twitter.com/luna',
      'help@example.com',
      'luna@example.com',
    ]) {
      expect(content).toContain(value);
    }
    expect(content).toContain(`LinkedIn: ${NOT_SET}`);

    expect(redirects).toContain('Sales page: https://shop.example.com/aap');
    expect(redirects).toContain('Thank-you page: https://example.com/thanks');
    expect(redirects).toContain('Course: https://school.example.com/course');

    expect(timer).toContain('Days available: 14');
    expect(timer).toContain('Hours per day: 12');
    expect(timer).toContain(`durationSeconds: ${12 * 3600}`);
    expect(timer).toContain(`durationSeconds: ${14 * 24 * 3600}`);
    expect(timer).toContain("redirectUrl: 'https://school.example.com/course'");
  });

  it('prefers an uploaded logo file over the logo URL', () => {
    const content = promptText(config({ ...FULL, logoFile: '/uploads/brands/logo-1.png' }), 'content');
    expect(content).toContain('Logo: /uploads/brands/logo-1.png');
  });

  it('changes when a field changes', () => {
    const before = brandPrompts(config(FULL));
    const after = brandPrompts(config({ ...FULL, primaryColor: '#000000' }));
    expect(after[0]?.text).not.toEqual(before[0]?.text);
    expect(after[0]?.text).toContain('Primary: #000000');
    expect(after.slice(1)).toEqual(before.slice(1));

    const live = promptText(config({ ...FULL, timerSettings: { mode: 'live', daysAvailable: 14, hoursPerDay: 12 } }), 'timer');
    expect(live).toContain('Mode: Live');
    expect(live).toContain("mode: 'live'");
    expect(live).toContain('start + 12 hours');
    expect(live).not.toEqual(promptText(config(FULL), 'timer'));

    const renamed = promptText(config({ ...FULL, hostName: 'Sol Ocean' }), 'content');
    expect(renamed).toContain('Name: Sol Ocean');
    expect(renamed).not.toContain('Luna Rivers');
  });

  it('is pure: the same configuration gives the same prompts', () => {
    expect(brandPrompts(config(FULL))).toEqual(brandPrompts(config(FULL)));
  });
});
