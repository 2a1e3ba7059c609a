/** The schema of a problem answer (src/domain/api/problem.ts), for the OpenAPI document and the tests. */
import { z } from 'zod';

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ pointer: z.string().meta({ description: 'JSON Pointer to the field' }), detail: z.string() })).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });
