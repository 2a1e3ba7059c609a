/**
 * docs/PRODUCT.md names the events a webhook endpoint can take (the Webhooks screen's checkboxes):
 * the list must be the catalogue's (src/domain/events/catalogue.ts), every event once and in its
 * order, so a new event cannot be added without the product description saying so.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { eventTypes } from '../../src/domain/events/catalogue.ts';

it('docs/PRODUCT.md lists the catalogue’s events for webhook endpoints, in its order', () => {
  const product = fs.readFileSync('docs/PRODUCT.md', 'utf8').replace(/\s+/g, ' ');
  const listed = /the events it wants \(checkboxes: ([^)]*)\)/.exec(product)?.[1];
  expect(listed, 'the Webhooks paragraph of docs/PRODUCT.md').toBeDefined();
  expect(listed!.split(',').map((event) => event.trim())).toEqual(eventTypes);
});
