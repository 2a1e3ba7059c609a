/**
 * The OpenAPI 3.1 document of /api/v1 (docs/decisions/0060), made by zod-openapi from the
 * operation table and the very schemas that validate requests, so it cannot drift from what is
 * served. Made once per process; served at /api/v1/openapi.json and read by /api/docs.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { problemSchema } from '../../domain/api/problem-schema.ts';
import { eventSchemas, eventTypes, type EventType } from '../../domain/events/catalogue.ts';
import { API_OPERATIONS } from './operations.ts';
import type { ApiOperation } from './operation.ts';
import { API_BASE } from './router.ts';

const PROBLEMS: Record<number, string> = {
  400: 'A parameter or the body is malformed',
  401: 'No live token',
  403: 'The token may not do this (a read token’s write, another edition)',
  404: 'Nothing this token may see is here',
  409: 'In conflict: the first request with this Idempotency-Key is still running, or registration has closed',
  413: 'The body is larger than 64 KB (for the import: 32 MB or 100,000 rows)',
  415: 'The body is not application/json (text/csv for the import)',
  422: 'The body has fields to correct, or the Idempotency-Key was used for another request',
  429: 'Over the token’s rate limit: see Retry-After',
  500: 'A failure of ours',
};

const hasKeys = (schema: z.ZodType): boolean => schema instanceof z.ZodObject && Object.keys(schema.shape).length > 0;

const idempotencyHeader = z.strictObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Makes the write safe to retry: the same key and body within 24 hours answers the first answer again' }),
});

function responses(operation: ApiOperation): ZodOpenApiResponsesObject {
  const own = Object.fromEntries(
    Object.entries(operation.responses).map(([status, { description, schema }]) => [
      status,
      schema ? { description, content: { 'application/json': { schema } } } : { description },
    ]),
  );
  const common = Object.entries(PROBLEMS).filter(([status]) => operation.write || !['409', '413', '415', '422'].includes(status));
  const problems = Object.fromEntries(
    common.map(([status, description]) => [status, { description, content: { 'application/problem+json': { schema: problemSchema } } }]),
  );
  return { ...problems, ...own };
}

function operationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    requestParams: {
      ...(hasKeys(operation.params) ? { path: operation.params as z.ZodObject } : {}),
      ...(hasKeys(operation.query) ? { query: operation.query as z.ZodObject } : {}),
      ...(operation.write ? { header: idempotencyHeader } : {}),
    },
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: operation.body } } } } : {}),
    ...(operation.csvBody
      ? { requestBody: { required: true, description: operation.csvBody, content: { 'text/csv': { schema: z.string() } } } }
      : {}),
    responses: responses(operation),
  };
}

/**
 * The events webhooks and e-mail lists receive (the catalogue, the one list of them), as OpenAPI
 * 3.1 `webhooks`: what the site POSTs to a receiver. Verification and retries: docs/INTEGRATIONS.md.
 */
function eventWebhooks(): ZodOpenApiPathsObject {
  const envelope = (type: EventType) =>
    z.object({
      type: z.literal(type),
      timestamp: z.string().meta({ description: 'When the change happened (ISO 8601)' }),
      data: eventSchemas[type],
    });
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `event:${type}`,
          summary: `The ${type} event, signed per Standard Webhooks`,
          requestBody: { required: true, content: { 'application/json': { schema: envelope(type) } } },
          responses: { 200: { description: 'Any 2xx: delivered; anything else is retried with backoff for three days' } },
        },
      },
    ]),
  ) as ZodOpenApiPathsObject;
}

function buildDocument(): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of API_OPERATIONS) {
    const item = (paths[operation.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[operation.method.toLowerCase()] = operationObject(operation);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Summit site API',
      version: '1.0.0',
      description: 'For scripts and other checkouts. Authentication, idempotency, pagination and errors: docs/API.md in the repository.',
    },
    servers: [{ url: API_BASE }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token (sat_…) from Admin → API tokens or npm run token:create' },
      },
    },
    paths,
    webhooks: eventWebhooks(),
  }) as unknown as Record<string, unknown>;
}

let made: string | null = null;

/** The document as JSON text, made on first use. */
export function openApiJson(): string {
  made ??= JSON.stringify(buildDocument());
  return made;
}
