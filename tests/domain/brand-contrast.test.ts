import { describe, expect, it } from 'vitest';
import { contrastRatio, WHITE } from '../../src/domain/brand.ts';
import { brandContrastWarnings, formatRatio, nearestPassingShade } from '../../src/domain/brand-contrast.ts';

describe('the WCAG contrast formula, against known pairs', () => {
  it('measures black on white at 21:1, a colour on itself at 1:1 and the grey pair either side of 4.5:1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#8B5CF6', '#8B5CF6')).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails (4.48:1).
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
    expect(formatRatio(contrastRatio('#777777', WHITE))).toBe('4.47:1');
  });
});

describe('nearestPassingShade', () => {
  it('keeps a passing colour, and moves a failing one the least it must', () => {
    expect(nearestPassingShade('#767676', WHITE)).toBe('#767676');
    expect(nearestPassingShade('#777777', WHITE)).toBe('#767676');
  });

  it('goes lighter when that is the nearer way to pass, against a dark background', () => {
    const shade = nearestPassingShade('#555555', '#000000');
    expect(contrastRatio(shade, '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(parseInt(shade.slice(1, 3), 16)).toBeGreaterThan(0x55);
  });

  it('gives every default brand colour a passing shade of the same hue', () => {
    for (const colour of ['#8B5CF6', '#EC4899', '#10B981']) {
      const shade = nearestPassingShade(colour, WHITE);
      expect(contrastRatio(shade, WHITE), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, WHITE), colour).toBeLessThan(5.2);
    }
  });
});

describe('brandContrastWarnings', () => {
  it('warns for each colour under 4.5:1 as text, with the ratio and the nearest passing shade; nothing for passing or unfinished colours', () => {
    const warnings = brandContrastWarnings({ primaryColor: '#4C1D95', secondaryColor: '#EC4899', accentColor: '#10b9' });
    expect(warnings).toEqual([
      {
        path: 'secondaryColor',
        name: 'Secondary',
        pair: 'Secondary as text on white, or white text on secondary',
        colour: '#EC4899',
        ratio: contrastRatio('#EC4899', WHITE),
        suggestion: nearestPassingShade('#EC4899', WHITE),
      },
    ]);
    expect(warnings[0]!.ratio).toBeLessThan(4.5);
  });
});
