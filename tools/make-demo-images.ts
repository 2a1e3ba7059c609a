/**
 * Writes the placeholder images of the demo content: one small SVG for every image path the
 * demo data references (people, freebies, bonus bundle, sponsors), under public/demo/.
 *
 *   node tools/make-demo-images.ts
 *
 * Each image is a soft two-colour gradient derived deterministically from the name, with the
 * initials (people) or the name/title (everything else) in the centre. 400x400, sponsors
 * 320x160. No scripts, no external references. The run fails if a referenced path is not a
 * plain /demo/... .svg path, if one path is claimed by two different names, or if a referenced
 * file is missing afterwards. Only node: built-ins are used.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Freebie } from '../src/domain/entities.ts';
import * as july from '../src/content/people/july.ts';
import * as august from '../src/content/people/august.ts';
import * as september from '../src/content/people/september.ts';
import { augustSessions, septemberSessions } from '../src/content/people/implementation.ts';
import { septemberBonusBundle } from '../src/content/people/bonus-bundle.ts';
import { fallbackSpeakers } from '../src/content/site/fallback-speakers.ts';
import { sponsors } from '../src/content/sponsors.ts';

type Kind = 'person' | 'freebie' | 'bonus' | 'sponsor';
interface ImageSpec {
  kind: Kind;
  label: string;
}

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const SAFE_PATH = /^\/demo\/[a-z0-9-]+(\/[a-z0-9-]+)*\.svg$/;

const images = new Map<string, ImageSpec>();
const errors: string[] = [];

function add(path: string | null | undefined, kind: Kind, label: string): void {
  if (path === null || path === undefined || path === '') return;
  if (!SAFE_PATH.test(path)) {
    errors.push(`not a plain /demo/ .svg path: ${JSON.stringify(path)} (${label})`);
    return;
  }
  const known = images.get(path);
  if (known && (known.kind !== kind || known.label !== label)) {
    errors.push(`${path} is claimed by "${known.label}" and "${label}"`);
    return;
  }
  images.set(path, { kind, label });
}

interface PersonLike {
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
  headshot?: string | null;
  freebie?: Partial<Freebie> | null;
}

function fullName(p: PersonLike): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ');
}

function addPerson(p: PersonLike): void {
  const name = fullName(p);
  add(p.image, 'person', name);
  add(p.headshot, 'person', name);
  if (p.freebie) add(p.freebie.image, 'freebie', p.freebie.title ?? name);
}

for (const edition of [july, august, september]) {
  for (const p of [...edition.speakers, ...edition.hosts]) addPerson(p);
}
for (const p of fallbackSpeakers) addPerson(p);
for (const s of [...augustSessions, ...septemberSessions]) add(s.headshot, 'person', fullName(s));
for (const item of septemberBonusBundle) {
  add(item.bonusBundleImage, 'bonus', item.bonusBundleTitle ?? '');
  addPerson(item);
}
for (const s of sponsors) add(s.logo, 'sponsor', s.name);

if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}

// ---- drawing ---------------------------------------------------------------------------

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const value = lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);
}

/** Greedy word wrap to at most maxLines lines of about maxChars characters. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept;
  }
  return lines;
}

function textBlock(lines: string[], cx: number, cy: number, size: number, color: string): string {
  const lineHeight = Math.round(size * 1.25);
  const top = cy - ((lines.length - 1) * lineHeight) / 2;
  return lines
    .map(
      (line, i) =>
        `  <text x="${cx}" y="${Math.round(top + i * lineHeight)}" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" fill="${color}">${escapeXml(line)}</text>`,
    )
    .join('\n');
}

function svg(spec: ImageSpec): string {
  const bytes = hashBytes(`${spec.kind}:${spec.label}`);
  const hue = ((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)) % 360;
  const hue2 = (hue + 30 + ((bytes[2] ?? 0) % 60)) % 360;
  const from = hslToHex(hue, 62, 88);
  const to = hslToHex(hue2, 55, 74);
  const ink = hslToHex(hue, 38, 24);
  const glow = hslToHex(hue2, 80, 96);
  const width = spec.kind === 'sponsor' ? 320 : 400;
  const height = spec.kind === 'sponsor' ? 160 : 400;
  const orbX = 60 + ((bytes[3] ?? 0) % Math.max(1, width - 120));
  const orbY = 40 + ((bytes[4] ?? 0) % Math.max(1, height - 80));
  const orbR = Math.round(Math.min(width, height) * (0.35 + ((bytes[5] ?? 0) % 20) / 100));

  let content: string;
  if (spec.kind === 'person') {
    content = [textBlock([initials(spec.label)], 200, 180, 128, ink), textBlock([spec.label], 200, 318, 26, ink)].join('\n');
  } else if (spec.kind === 'sponsor') {
    content = textBlock(wrap(spec.label, 18, 2), 160, 80, 26, ink);
  } else {
    const tag = spec.kind === 'freebie' ? 'FREE GIFT' : 'BONUS';
    content = [textBlock([tag], 200, 92, 18, ink), textBlock(wrap(spec.label, 16, 4), 200, 210, 32, ink)].join('\n');
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(spec.label)}">
  <title>${escapeXml(spec.label)}</title>
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${orbX}" cy="${orbY}" r="${orbR}" fill="${glow}" fill-opacity="0.35"/>
${content}
</svg>
`;
}

// ---- writing and checking ----------------------------------------------------------------

let written = 0;
for (const [path, spec] of images) {
  const file = join(PUBLIC_DIR, ...path.split('/').filter(Boolean));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg(spec));
  written += 1;
}

const missing = [...images.keys()].filter((path) => !existsSync(join(PUBLIC_DIR, ...path.split('/').filter(Boolean))));
if (missing.length > 0) {
  console.error(`missing after writing:\n${missing.join('\n')}`);
  process.exit(1);
}

const byKind = new Map<Kind, number>();
for (const spec of images.values()) byKind.set(spec.kind, (byKind.get(spec.kind) ?? 0) + 1);
console.log(
  `wrote ${written} SVG files under public/demo/ (${[...byKind].map(([k, n]) => `${k}: ${n}`).join(', ')}); every referenced path exists`,
);
