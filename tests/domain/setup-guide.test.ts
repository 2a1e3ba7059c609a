import { describe, expect, it } from 'vitest';
import { setupGuidePhases } from '../../src/content/site/setup-guide-phases.ts';
import {
  SETUP_GUIDE_STORAGE_KEY,
  allItemIds,
  computeProgress,
  defaultSetupGuideState,
  isDefaultSetupGuideState,
  parseSetupGuideState,
  progressWidthClass,
  serializeSetupGuideState,
  toggleId,
  type SetupItem,
  type SetupPhase,
} from '../../src/domain/setup-guide.ts';

const item = (id: string): SetupItem => ({
  id,
  title: id,
  summary: '',
  steps: ['a', 'b'],
  prompts: [{ label: 'l', text: 't' }],
  troubleshooting: ['x'],
  validation: ['v'],
});

/** 12 items in three phases. */
const phases: SetupPhase[] = [
  { id: 'one', title: 'One', description: '', items: ['a1', 'a2', 'a3', 'a4'].map(item) },
  { id: 'two', title: 'Two', description: '', items: ['b1', 'b2', 'b3', 'b4'].map(item) },
  { id: 'three', title: 'Three', description: '', items: ['c1', 'c2', 'c3', 'c4'].map(item) },
];
const ids = allItemIds(phases);

describe('computeProgress', () => {
  it('counts completed items and a whole-number percentage', () => {
    expect(computeProgress(phases, [])).toEqual({ completed: 0, total: 12, percent: 0, complete: false });
    expect(computeProgress(phases, ['a1', 'b2', 'c3'])).toEqual({ completed: 3, total: 12, percent: 25, complete: false });
    expect(computeProgress(phases, ['a1']).percent).toBe(8); // 8.33
    expect(computeProgress(phases, ['a1', 'a2']).percent).toBe(17); // 16.67
    expect(computeProgress(phases, ids.slice(0, 6)).percent).toBe(50);
    expect(computeProgress(phases, ids.slice(0, 11)).percent).toBe(92); // 91.67
  });

  it('is complete at 100% only when every item is done', () => {
    expect(computeProgress(phases, ids)).toEqual({ completed: 12, total: 12, percent: 100, complete: true });
    expect(computeProgress(phases, ids.slice(1)).complete).toBe(false);
  });

  it('never reads 100% before the last item nor 0% after the first', () => {
    const many: SetupPhase[] = [{ id: 'p', title: 'P', description: '', items: Array.from({ length: 300 }, (_, i) => item(`i${i}`)) }];
    const manyIds = allItemIds(many);
    expect(computeProgress(many, manyIds.slice(0, 1)).percent).toBe(1);
    expect(computeProgress(many, manyIds.slice(0, 299))).toMatchObject({ percent: 99, complete: false });
    expect(computeProgress(many, manyIds)).toMatchObject({ percent: 100, complete: true });
  });

  it('ignores unknown and repeated ids', () => {
    expect(computeProgress(phases, ['a1', 'a1', 'gone'])).toMatchObject({ completed: 1, percent: 8 });
  });

  it('treats an empty guide as not complete', () => {
    expect(computeProgress([], [])).toEqual({ completed: 0, total: 0, percent: 0, complete: false });
  });
});

describe('progressWidthClass', () => {
  it('rounds to 5% steps from a fixed list of classes', () => {
    expect(progressWidthClass(0)).toBe('w-0');
    expect(progressWidthClass(25)).toBe('w-[25%]');
    expect(progressWidthClass(8)).toBe('w-[10%]');
    expect(progressWidthClass(17)).toBe('w-[15%]');
    expect(progressWidthClass(100)).toBe('w-full');
  });

  it('shows a started guide and never fills an unfinished one', () => {
    expect(progressWidthClass(1)).toBe('w-[5%]');
    expect(progressWidthClass(99)).toBe('w-[95%]');
    expect(progressWidthClass(98)).toBe('w-[95%]');
  });

  it('clamps nonsense', () => {
    expect(progressWidthClass(-5)).toBe('w-0');
    expect(progressWidthClass(250)).toBe('w-full');
    expect(progressWidthClass(Number.NaN)).toBe('w-0');
  });
});

describe('stored state', () => {
  it('uses the versioned key', () => {
    expect(SETUP_GUIDE_STORAGE_KEY).toBe('summit-setup-guide:v1');
  });

  it('starts with phase 1 expanded and nothing complete', () => {
    expect(defaultSetupGuideState(phases)).toEqual({ completed: [], expandedPhases: ['one'] });
    expect(defaultSetupGuideState([])).toEqual({ completed: [], expandedPhases: [] });
  });

  it('round-trips a valid state', () => {
    const state = { completed: ['a1', 'c4'], expandedPhases: ['two', 'three'] };
    expect(parseSetupGuideState(serializeSetupGuideState(state), phases)).toEqual(state);
  });

  it('keeps an empty expanded list (every phase collapsed)', () => {
    expect(parseSetupGuideState('{"completed":[],"expandedPhases":[]}', phases)).toEqual({ completed: [], expandedPhases: [] });
  });

  it('ignores nothing stored and corrupt JSON', () => {
    expect(parseSetupGuideState(null, phases)).toBeNull();
    expect(parseSetupGuideState(undefined, phases)).toBeNull();
    expect(parseSetupGuideState('', phases)).toBeNull();
    expect(parseSetupGuideState('{"completed":["a1"', phases)).toBeNull();
    expect(parseSetupGuideState('not json', phases)).toBeNull();
  });

  it('ignores values of the wrong shape', () => {
    for (const raw of [
      'null',
      '42',
      '"a1"',
      '["a1"]',
      '{}',
      '{"completed":"a1","expandedPhases":[]}',
      '{"completed":["a1"]}',
      '{"completed":["a1"],"expandedPhases":{"one":true}}',
      '{"completed":null,"expandedPhases":["one"]}',
    ]) {
      expect(parseSetupGuideState(raw, phases), raw).toBeNull();
    }
  });

  it('drops ids no longer in the guide, non-strings and duplicates', () => {
    const raw = JSON.stringify({ completed: ['a1', 'removed', 7, null, 'a1', 'b2'], expandedPhases: ['gone', 'three', {}, 'three'] });
    expect(parseSetupGuideState(raw, phases)).toEqual({ completed: ['a1', 'b2'], expandedPhases: ['three'] });
  });

  it('does not take phase ids as item ids or the reverse', () => {
    const raw = JSON.stringify({ completed: ['one'], expandedPhases: ['a1'] });
    expect(parseSetupGuideState(raw, phases)).toEqual({ completed: [], expandedPhases: [] });
  });

  it('ignores extra fields', () => {
    const raw = JSON.stringify({ completed: ['a1'], expandedPhases: ['one'], version: 9, other: 'x' });
    expect(parseSetupGuideState(raw, phases)).toEqual({ completed: ['a1'], expandedPhases: ['one'] });
  });

  it('knows the default state, whatever the order', () => {
    expect(isDefaultSetupGuideState({ completed: [], expandedPhases: ['one'] }, phases)).toBe(true);
    expect(isDefaultSetupGuideState({ completed: ['a1'], expandedPhases: ['one'] }, phases)).toBe(false);
    expect(isDefaultSetupGuideState({ completed: [], expandedPhases: [] }, phases)).toBe(false);
    expect(isDefaultSetupGuideState({ completed: [], expandedPhases: ['two', 'one'] }, phases)).toBe(false);
  });

  it('toggles ids', () => {
    expect(toggleId(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleId(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('the guide content', () => {
  it('has the five phases in order', () => {
    expect(setupGuidePhases.map((phase) => phase.title)).toEqual([
      'Infrastructure',
      'Timer and Access',
      'Content Customisation',
      'Domain and Deployment',
      'Content Management',
    ]);
  });

  it('has unique ids, safe for element ids and storage', () => {
    const phaseIds = setupGuidePhases.map((phase) => phase.id);
    const itemIds = allItemIds(setupGuidePhases);
    expect(new Set(phaseIds).size).toBe(phaseIds.length);
    expect(new Set(itemIds).size).toBe(itemIds.length);
    for (const id of [...phaseIds, ...itemIds]) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('gives each phase 2-4 items and each item its steps, prompts, tips and checks', () => {
    for (const phase of setupGuidePhases) {
      expect(phase.description, phase.id).not.toBe('');
      expect(phase.items.length, phase.id).toBeGreaterThanOrEqual(2);
      expect(phase.items.length, phase.id).toBeLessThanOrEqual(4);
      for (const entry of phase.items) {
        const where = `${phase.id}/${entry.id}`;
        expect(entry.title, where).not.toBe('');
        expect(entry.summary, where).not.toBe('');
        expect(entry.steps.length, where).toBeGreaterThanOrEqual(2);
        expect(entry.steps.length, where).toBeLessThanOrEqual(5);
        expect(entry.prompts.length, where).toBeGreaterThanOrEqual(1);
        expect(entry.prompts.length, where).toBeLessThanOrEqual(2);
        expect(entry.troubleshooting.length, where).toBeGreaterThanOrEqual(1);
        expect(entry.troubleshooting.length, where).toBeLessThanOrEqual(3);
        expect(entry.validation.length, where).toBeGreaterThanOrEqual(1);
        expect(entry.validation.length, where).toBeLessThanOrEqual(3);
        for (const p of entry.prompts) {
          expect(p.label, where).not.toBe('');
          // Every prompt names the product's real stack, so an assistant answers for this site.
          expect(p.text, where).toMatch(/Astro/);
          expect(p.text, where).toMatch(/PGlite|Postgres/);
        }
        // Inline code spans are balanced, so none renders a stray backtick.
        for (const text of [...entry.steps, ...entry.troubleshooting, ...entry.validation]) {
          expect(text.split('`').length % 2, `${where}: ${text}`).toBe(1);
        }
      }
    }
  });

  it('describes this product: its commands, variables and routes', () => {
    const all = JSON.stringify(setupGuidePhases);
    for (const needle of [
      'npm install && npm start',
      'npm install && npm test',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'pg_dump',
      'Australia/Sydney',
      'day-2',
      'SEED_DEMO_CONTENT=false',
      '/brand-config',
      '/admin',
      'TRUST_PROXY=true',
      'SITE_URL',
      '/healthz',
      '/embed',
      'npm run admin:create -- --email you@example.com',
      'CSV',
      '{"status":"ok"}',
    ]) {
      expect(all, needle).toContain(JSON.stringify(needle).slice(1, -1));
    }
  });
});
