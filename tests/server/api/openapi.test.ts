import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { eventExamples, eventPayload, eventTypes } from '../../../src/domain/events/catalogue.ts';
import { openApiJson } from '../../../src/server/api/openapi.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { makeToken, startFresh, useApiServer } from './support/api-server.ts';

type Json = Record<string, unknown>;
const doc = JSON.parse(openApiJson()) as {
  paths: Record<string, Record<string, Json>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
  components: Json;
};

it('is an OpenAPI 3.1 document a standard validator accepts', async () => {
  const checked = (await SwaggerParser.validate(structuredClone(doc) as never)) as unknown as Json;
  expect(checked.openapi).toBe('3.1.0');
});

it('documents every event of the catalogue as a webhook, each example valid against its schema', () => {
  expect(Object.keys(doc.webhooks)).toEqual(eventTypes);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const type of eventTypes) {
    const validate = ajv.compile(doc.webhooks[type]!.post.requestBody.content['application/json']!.schema as object);
    expect(validate(eventPayload(type, eventExamples[type] as never, new Date())), `${type}: ${JSON.stringify(validate.errors)}`).toBe(
      true,
    );
    expect(validate({ type, timestamp: 'now', data: {} })).toBe(false);
  }
});

/** Checks answers against the document's own schemas (JSON Schema 2020-12, as OpenAPI 3.1 has it). */
function answerChecker() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const rewrite = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/', '"openapi.json#/components/')) as unknown;
  ajv.addSchema({ $id: 'openapi.json', components: rewrite(doc.components) });
  return (path: string, method: string, status: number, contentType: string | null, body: unknown): string[] => {
    const response = (doc.paths[path]?.[method]?.responses as Record<string, Json> | undefined)?.[String(status)];
    if (!response) return [`${method} ${path} answered ${status}, which the document does not list`];
    const content = response.content as Record<string, { schema: unknown }> | undefined;
    if (!content) return body === null ? [] : [`${status} has no body in the document`];
    const type = (contentType ?? '').split(';')[0]!;
    const schema = content[type]?.schema;
    if (!schema) return [`${method} ${path} ${status} answered ${type}, which the document does not list`];
    const validate = ajv.compile(rewrite(schema) as object);
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

describeEachDatabase('every documented operation answers as documented', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx);
  let token = '';
  beforeAll(async () => {
    await startFresh(ctx.db);
    token = await makeToken(ctx.db, 'write');
  });

  it('calls each operation and checks its answer against the document', async () => {
    const check = answerChecker();
    const called = new Set<string>();
    const call = async (method: string, path: string, filled: string, body?: unknown) => {
      const answer = await api.call(token, method.toUpperCase(), filled, body === undefined ? {} : { body });
      expect(check(path, method, answer.status, answer.headers.get('content-type'), answer.body)).toEqual([]);
      called.add(`${method} ${path}`);
      return answer;
    };
    await call('get', '/editions', '/editions');
    await call('get', '/editions/{slug}/episodes', '/editions/july/episodes');
    const created = await call('post', '/registrants', '/registrants', {
      email: 'doc@example.com',
      name: 'Doc',
      edition: 'july',
      marketing_consent: true,
      utm: { source: 'docs' },
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as number;
    await call('get', '/registrants', '/registrants?edition=july&limit=1');
    await call('get', '/registrants/{id}', `/registrants/${id}`);
    await call('patch', '/registrants/{id}', `/registrants/${id}`, { name: 'Documented' });
    const granted = await call('post', '/registrants/{id}/passes', `/registrants/${id}/passes`, {
      pass: 'replay',
      amount: 4700,
      currency: 'usd',
      reference: 'doc-1',
    });
    expect(granted.status).toBe(201);
    await call('delete', '/registrants/{id}/passes/{pass}', `/registrants/${id}/passes/replay`);
    const csv = { raw: 'email,name,consent\nimported@example.com,Imported,yes\nbad,Bad,\n', headers: { 'content-type': 'text/csv' } };
    let importId = 0;
    for (const path of ['/registrants/import?dry_run=true&edition=july', '/registrants/import?edition=july']) {
      const imported = await api.call(token, 'POST', path, csv);
      expect(imported.status).toBe(200);
      expect(check('/registrants/import', 'post', imported.status, imported.headers.get('content-type'), imported.body)).toEqual([]);
      importId = (imported.body!.import_id as number | null) ?? importId;
    }
    // A long file: answered 202 at once with its status.
    const long = ['email,name', ...Array.from({ length: 1001 }, (_, i) => `long${i}@example.com,Long`)].join('\n');
    const started = await api.call(token, 'POST', '/registrants/import?edition=august', {
      raw: long,
      headers: { 'content-type': 'text/csv' },
    });
    expect(started.status).toBe(202);
    expect(check('/registrants/import', 'post', started.status, started.headers.get('content-type'), started.body)).toEqual([]);
    called.add('post /registrants/import');
    await call('get', '/imports/{id}', `/imports/${importId}`);
    await call('get', '/imports/{id}', `/imports/${started.body!.id as number}`);
    await call('get', '/insights/episodes', '/insights/episodes?edition=july');
    await call('get', '/insights/referrers', '/insights/referrers?edition=july');
    // Problems are documented too.
    await call('get', '/registrants/{id}', '/registrants/999999');
    await call('post', '/registrants', '/registrants', { email: 'x' });
    expect((await call('delete', '/registrants/{id}', `/registrants/${id}`)).status).toBe(204);

    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect([...called].sort()).toEqual(documented.sort());
  });
});
