/**
 * "Find my access" limits: requests for someone else's address from several
 * clients must not use up what the owner's own request may send.
 */
import { beforeEach, expect, it } from 'vitest';
import { rateLimits } from '../../../src/server/db/schema.ts';
import { requestAccessLink } from '../../../src/server/access/access-request.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('Find my access limits', (database) => {
  const ctx = useTestDatabase(database);
  beforeEach(async () => {
    await ctx.db.delete(rateLimits);
  });

  /** Whether a mail would be sent for this request (the send runs later, detached). */
  async function ask(email: string, client: string): Promise<boolean> {
    let sent = false;
    await requestAccessLink({
      db: ctx.db,
      rawEmail: email,
      client,
      limit: 5,
      send: async () => {
        sent = true;
      },
      later: (work) => void work(),
    });
    return sent;
  }

  it('five requests for the owner’s address from five other clients leave the owner’s own request its mail', async () => {
    for (let i = 1; i <= 5; i++) await ask('owner@example.com', `203.0.113.${i}`);
    expect(await ask('owner@example.com', '198.51.100.7')).toBe(true);
  });

  it('still limits one client asking for one address, and mail to one address from many clients', async () => {
    const fromOne = [];
    for (let i = 0; i < 6; i++) fromOne.push(await ask('one@example.com', '203.0.113.50'));
    expect(fromOne.filter(Boolean)).toHaveLength(3);
    const fromMany = [];
    for (let i = 0; i < 30; i++) fromMany.push(await ask('many@example.com', `203.0.114.${i}`));
    expect(fromMany.filter(Boolean)).toHaveLength(20);
  });
});
