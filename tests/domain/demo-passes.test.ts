/** The demo's passes as docs/PRODUCT.md "Audience tiers and passes" gives them. */
import { describe, expect, it } from 'vitest';
import { demoContent } from '../../src/content/index.ts';
import { presetPasses } from '../../src/domain/offers.ts';

describe('the demo passes', () => {
  it('list no benefits for the Replay Pass holder, and the All Access holder’s five', () => {
    for (const reading of ['a', 'b'] as const) expect(presetPasses(reading).replay.benefits).toEqual([]);
    for (const edition of demoContent.editions) {
      expect(edition.edition.settings.upgrade.replay.benefits, edition.edition.slug).toEqual([]);
      expect(edition.edition.settings.upgrade.aap.benefits, edition.edition.slug).toHaveLength(5);
    }
  });
});
