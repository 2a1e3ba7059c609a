import { describe, expect, it } from 'vitest';
import {
  brandConfigSchema,
  brandDocument,
  brandDocumentSchema,
  contrastRatio,
  defaultBrandConfig,
  readableTextOn,
  resolveSiteBrand,
  strongShade,
} from '../../src/domain/brand.ts';

describe('brand configuration', () => {
  it('defaults to the spec’s colours, 7 days and 24 hours', () => {
    expect(defaultBrandConfig()).toMatchObject({
      primaryColor: '#8B5CF6',
      secondaryColor: '#EC4899',
      accentColor: '#10B981',
      timerSettings: { mode: 'evergreen', daysAvailable: 7, hoursPerDay: 24 },
    });
  });
  it('gives clear messages for bad colours, URLs, e-mails and numbers', () => {
    const result = brandConfigSchema.safeParse({
      primaryColor: 'purple',
      redirectUrls: { course: 'javascript:alert(1)' },
      emailSettings: { supportEmail: 'nope' },
      timerSettings: { hoursPerDay: 30 },
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'primaryColor: Use a colour like #8B5CF6 (a # and six hexadecimal digits).',
        'redirectUrls.course: The course URL must start with https:// (or http://).',
        'emailSettings.supportEmail: The support e-mail must be an e-mail address, like name@example.com.',
        'timerSettings.hoursPerDay: Hours per day must be at most 24.',
      ]),
    );
  });
  it('round-trips through the versioned document', () => {
    const brand = brandConfigSchema.parse({ summitName: 'Moonlit', primaryColor: '#0F766E' });
    const parsed = brandDocumentSchema.parse(JSON.parse(JSON.stringify(brandDocument(brand, new Date('2026-01-01')))));
    expect(parsed.brand).toEqual(brand);
    expect(brandDocumentSchema.safeParse({ kind: 'summit-brand-configuration', version: 2, brand }).success).toBe(false);
  });
});

describe('readable colours', () => {
  it.each(['#8B5CF6', '#EC4899', '#FFFF00', '#10B981', '#FFFFFF', '#1F1630'])('makes a shade of %s that white text reads on', (colour) => {
    expect(contrastRatio(strongShade(colour), '#FFFFFF')).toBeGreaterThanOrEqual(5.5);
  });
  it('keeps a colour that is already dark enough', () => {
    expect(strongShade('#1F1630')).toBe('#1F1630');
  });
  it('picks white or ink text by contrast', () => {
    expect(readableTextOn('#FFFF00')).toBe('#1F1630');
    expect(readableTextOn('#1F1630')).toBe('#FFFFFF');
  });
  it('writes the brand colours as CSS variables, defaults included', () => {
    const site = resolveSiteBrand(brandConfigSchema.parse({ primaryColor: '#0F766E', summitName: '  ' }));
    expect(site.css).toBe(
      `:root{--font-serif:"Fraunces", ui-serif, Georgia, Cambria, "Times New Roman", serif;--brand-primary:#0F766E;--brand-primary-strong:${strongShade('#0F766E')};--brand-secondary:#EC4899;--brand-accent:#10B981}`,
    );
    expect(site.summitName).toBe('The Sacred Business Audio Summit');
  });
  it('sets the heading font from the short list, the system serif loading nothing, and refuses others', () => {
    expect(resolveSiteBrand(brandConfigSchema.parse({ headingFont: 'lora' })).css).toContain('--font-serif:"Lora", ui-serif');
    const system = resolveSiteBrand(brandConfigSchema.parse({ headingFont: 'system' }));
    expect(system.css).toContain('--font-serif:ui-serif, Georgia, Cambria, "Times New Roman", serif;');
    expect(brandConfigSchema.safeParse({ headingFont: 'Comic Sans' }).error?.issues[0]?.message).toBe('Choose one of the listed fonts.');
  });
});
