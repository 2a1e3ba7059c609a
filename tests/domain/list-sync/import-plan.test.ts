import { describe, expect, it } from 'vitest';
import { eventExamples, eventPayload } from '../../../src/domain/events/catalogue.ts';
import { eventsWanted, planFor } from '../../../src/domain/list-sync/plan.ts';
import type { ListRule } from '../../../src/domain/list-sync/providers.ts';

const rule = (on: ListRule['on'], list = 'aud1'): ListRule => ({ on, list, tag: '', field: '', value: '' });
const imported = eventPayload('registrants.imported', eventExamples['registrants.imported'], new Date('2026-03-01T09:30:00Z'));

describe('an import as the e-mail list sees it (docs/decisions/0076)', () => {
  it('is wanted by a connection whose "registers" rule sets something, and only then', () => {
    expect(eventsWanted({ rules: [rule('registered')] })).toContain('registrants.imported');
    expect(eventsWanted({ rules: [rule('pass:aap')] })).not.toContain('registrants.imported');
    expect(eventsWanted({ rules: [rule('registered', '')] })).not.toContain('registrants.imported');
  });

  it('plans one bulk add of the import’s registrants of that edition, under the "registers" rule', () => {
    expect(planFor(imported, { rules: [rule('pass:aap', 'passes'), rule('registered')] })).toEqual({
      kind: 'bulk',
      importId: 12,
      editionSlug: '2026',
      rule: rule('registered'),
    });
    expect(planFor(imported, { rules: [rule('pass:aap')] })).toMatchObject({ kind: 'none' });
  });
});
