import { describe, expect, it } from 'vitest';
import { eventExamples, eventPayload } from '../../../src/domain/events/catalogue.ts';
import { eventsWanted, planFor } from '../../../src/domain/list-sync/plan.ts';
import type { ListRule } from '../../../src/domain/list-sync/providers.ts';

const rule = (on: ListRule['on'], list: string): ListRule => ({ on, list, tag: '', field: '', value: '' });
const settings = { rules: [rule('registered', 'everyone'), rule('pass:aap', 'buyers')] };
const at = new Date('2026-03-01T09:30:00Z');

describe('a bounce or a complaint reported by the mail provider, as the e-mail list sees it (docs/decisions/0086)', () => {
  it('is wanted by every connection, whatever its rules', () => {
    expect(eventsWanted({ rules: [] })).toEqual(expect.arrayContaining(['email.bounced', 'email.complained']));
  });

  it.each(['email.bounced', 'email.complained'] as const)('%s unsubscribes the address from every list the connection names', (type) => {
    expect(planFor(eventPayload(type, eventExamples[type], at), settings)).toEqual({
      kind: 'unsubscribe',
      registrantId: 42,
      contact: { email: 'ada@example.com', firstName: 'Ada' },
      lists: ['everyone', 'buyers'],
    });
  });
});
