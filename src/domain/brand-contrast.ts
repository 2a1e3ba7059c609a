/**
 * Brand colours that stay readable (decision 0039): each pair in which a brand colour carries
 * text (the colour as text on the white page, white text on the colour as a background) is
 * measured with the WCAG formula (contrastRatio in brand.ts); a pair under 4.5:1 (WCAG 2.2
 * success criterion 1.4.3, level AA, normal text) is reported with the nearest shade of the
 * colour that passes: the least mixing with black or with white that reaches the ratio, so the
 * suggestion keeps the colour's hue and stays as close to the chosen colour as it can.
 */
import { contrastRatio, WHITE } from './brand.ts';

export const TEXT_CONTRAST_MINIMUM = 4.5;

const HEX = /^#[0-9a-fA-F]{6}$/;

function mix(hex: string, target: number, share: number): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (target - value) * share);
  };
  return `#${[1, 3, 5].map((offset) => channel(offset).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** The shade of `hex` nearest to it (least mixed with black or white) that reaches `minimum` against `other`. */
export function nearestPassingShade(hex: string, other: string, minimum = TEXT_CONTRAST_MINIMUM): string {
  if (contrastRatio(hex, other) >= minimum) return hex.toUpperCase();
  for (let step = 1; step <= 100; step++) {
    const share = step / 100;
    const passing = [mix(hex, 0, share), mix(hex, 255, share)].filter((shade) => contrastRatio(shade, other) >= minimum);
    // Both directions pass at this step: the one with more contrast to spare.
    if (passing.length) return passing.sort((a, b) => contrastRatio(b, other) - contrastRatio(a, other))[0]!;
  }
  return contrastRatio('#000000', other) >= contrastRatio('#FFFFFF', other) ? '#000000' : '#FFFFFF';
}

const NAMES = { primaryColor: 'Primary', secondaryColor: 'Secondary', accentColor: 'Accent' } as const;
export type ColourPath = keyof typeof NAMES;

export interface ContrastWarning {
  path: ColourPath;
  /** "Accent". */
  name: string;
  /** "Accent as text on white, or white text on accent". */
  pair: string;
  /** The colour the admin chose, and the shade to use instead. */
  colour: string;
  ratio: number;
  suggestion: string;
}

/** Every text pair of the brand's colours under 4.5:1, with the nearest passing shade; colours not yet valid are skipped. */
export function brandContrastWarnings(colours: Record<ColourPath, string>): ContrastWarning[] {
  return (Object.keys(NAMES) as ColourPath[]).flatMap((path) => {
    const colour = colours[path].trim();
    if (!HEX.test(colour)) return [];
    const ratio = contrastRatio(colour, WHITE);
    if (ratio >= TEXT_CONTRAST_MINIMUM) return [];
    const suggestion = nearestPassingShade(colour, WHITE);
    // White on the colour and the colour on white are one ratio: one warning names both pairs.
    const name = NAMES[path];
    return [
      {
        path,
        name,
        pair: `${name} as text on white, or white text on ${name.toLowerCase()}`,
        colour: colour.toUpperCase(),
        ratio,
        suggestion,
      },
    ];
  });
}

/** "3.04:1". */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
