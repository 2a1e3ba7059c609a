/**
 * docs/INTEGRATIONS.md shows every event with an example payload: each must be exactly what the
 * site sends for the catalogue's example (the envelope eventPayload makes, the data its schema
 * takes, no field more or less), so the documentation cannot drift from the catalogue.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventExamples, eventPayload, eventSchemas, eventTypes, type EventType } from '../../src/domain/events/catalogue.ts';

const doc = fs.readFileSync('docs/INTEGRATIONS.md', 'utf8');
const sections = [...doc.matchAll(/^### `([a-z_.]+)`\n[\s\S]*?```json\n([\s\S]*?)\n```/gm)].map((match) => ({
  type: match[1] as string,
  payload: JSON.parse(match[2] as string) as { type: string; timestamp: string; data: unknown },
}));

/** The schema with every object strict, so a field the site does not send fails. */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [key, strictly(value)]),
    );
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

describe('docs/INTEGRATIONS.md', () => {
  it('shows every event of the catalogue once, in its order', () => {
    expect(sections.map((section) => section.type)).toEqual(eventTypes);
  });

  it.each(sections)('shows $type exactly as the site sends its example', ({ type, payload }) => {
    expect(eventTypes).toContain(type);
    const event = type as EventType;
    expect(strictly(eventSchemas[event]).safeParse(payload.data).success).toBe(true);
    expect(payload).toEqual(eventPayload(event, eventExamples[event] as never, new Date(payload.timestamp)));
  });
});
