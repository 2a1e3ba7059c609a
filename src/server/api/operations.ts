/**
 * Every operation of /api/v1 (docs/decisions/0060), listed once: the router dispatches by this
 * table and the OpenAPI document is made from it, so nothing is served that is not documented.
 */
import { decodeCursor } from '../../domain/api/cursor.ts';
import {
  editionListSchema,
  editionQuery,
  episodeInsightsSchema,
  episodeListSchema,
  noQuery,
  passGrantSchema,
  passParams,
  referrerInsightsSchema,
  registrantCreateSchema,
  registrantListQuery,
  registrantPageSchema,
  registrantParams,
  registrantPatchSchema,
  registrantSchema,
  slugParams,
} from '../../domain/api/schemas.ts';
import { listEditions } from '../editions/edition-queries.ts';
import { listEpisodes } from '../episodes/episodes.ts';
import { leaderboard } from '../insights/insights-queries.ts';
import { listeningPerEpisode } from '../insights/listening-source.ts';
import { defineOperation, ApiProblem, type ApiOperation } from './operation.ts';
import { importRegistrantsOperation, importStatusOperation } from './import-operation.ts';
import { grantPassFromApi, revokePassFromApi } from './pass-writes.ts';
import { registrantPage } from './registrant-rows.ts';
import { createRegistrant, eraseRegistrant, patchRegistrant, registrantOrNotFound } from './registrant-writes.ts';
import { editionOfToken, mayUseEdition } from './scope.ts';

const listEditionsOperation = defineOperation({
  operationId: 'listEditions',
  method: 'GET',
  path: '/editions',
  summary: 'The editions this token may see',
  write: false,
  params: noQuery,
  query: noQuery,
  responses: { 200: { description: 'The editions, in the admin’s order', schema: editionListSchema } },
  async run({ handle, token }) {
    const shown = (await listEditions(handle.db)).filter((edition) => mayUseEdition(token, edition.id));
    return {
      status: 200,
      body: {
        data: shown.map((edition) => ({
          slug: edition.slug,
          name: edition.name,
          summit_start_date: edition.summitStartDate,
          summit_end_date: edition.summitEndDate,
          timezone: edition.timezone,
          access_mode: edition.accessMode,
        })),
      },
    };
  },
});

const listEpisodesOperation = defineOperation({
  operationId: 'listEpisodes',
  method: 'GET',
  path: '/editions/{slug}/episodes',
  summary: 'An edition’s episodes, by day and position',
  write: false,
  params: slugParams,
  query: noQuery,
  responses: { 200: { description: 'The episodes', schema: episodeListSchema } },
  async run({ handle, token, params }) {
    const edition = await editionOfToken(handle.db, { token, slug: params.slug, pointer: '#/path/slug' });
    const episodes = await listEpisodes(handle.db, edition.id);
    return {
      status: 200,
      body: {
        data: episodes.map((episode) => ({
          id: episode.id,
          day: episode.day,
          position: episode.position,
          title: episode.title,
          speaker: episode.speaker,
          duration_seconds: episode.statedDurationSeconds ?? episode.durationSeconds,
          source: episode.audioKey ? 'file' : episode.externalUrl ? 'url' : 'player',
        })),
      },
    };
  },
});

const listRegistrantsOperation = defineOperation({
  operationId: 'listRegistrants',
  method: 'GET',
  path: '/registrants',
  summary: 'Registrants, oldest change first, a page at a time',
  description:
    'Ordered by the time of their last change, then id. Pages stay stable while registrations come in: new and changed registrants join the end.',
  write: false,
  params: noQuery,
  query: registrantListQuery,
  responses: { 200: { description: 'A page of registrants', schema: registrantPageSchema } },
  async run({ handle, token, query }) {
    const edition = query.edition ? await editionOfToken(handle.db, { token, slug: query.edition, pointer: '#/query/edition' }) : null;
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !after) {
      throw new ApiProblem(400, 'The cursor is not one this API gave.', [{ pointer: '#/query/cursor', detail: 'Unknown cursor.' }]);
    }
    const page = await registrantPage(handle.db, {
      editionId: edition?.id ?? token.editionId,
      updatedSince: query.updated_since ? new Date(query.updated_since) : null,
      importId: query.import ?? null,
      after,
      limit: query.limit,
    });
    return { status: 200, body: page };
  },
});

const getRegistrantOperation = defineOperation({
  operationId: 'getRegistrant',
  method: 'GET',
  path: '/registrants/{id}',
  summary: 'One registrant, with their passes',
  write: false,
  params: registrantParams,
  query: noQuery,
  responses: { 200: { description: 'The registrant', schema: registrantSchema } },
  async run({ handle, token, params }) {
    return { status: 200, body: await registrantOrNotFound(handle.db, token, params.id) };
  },
});

const createRegistrantOperation = defineOperation({
  operationId: 'createRegistrant',
  method: 'POST',
  path: '/registrants',
  summary: 'Register someone, as the registration form does',
  description:
    'Consent is recorded with the edition’s wording; the confirmation e-mail is sent unless send_email is false; share_code and utm are recorded as the registration’s source; registration.created is sent to webhooks. An address already registered changes nothing and answers 200 with the registrant.',
  write: true,
  params: noQuery,
  query: noQuery,
  body: registrantCreateSchema,
  responses: {
    201: { description: 'Registered', schema: registrantSchema },
    200: { description: 'Already registered: nothing changed', schema: registrantSchema },
  },
  run: createRegistrant,
});

const patchRegistrantOperation = defineOperation({
  operationId: 'updateRegistrant',
  method: 'PATCH',
  path: '/registrants/{id}',
  summary: 'Change a registrant’s name or marketing consent',
  write: true,
  params: registrantParams,
  query: noQuery,
  body: registrantPatchSchema,
  responses: { 200: { description: 'The registrant as changed', schema: registrantSchema } },
  run: patchRegistrant,
});

const deleteRegistrantOperation = defineOperation({
  operationId: 'eraseRegistrant',
  method: 'DELETE',
  path: '/registrants/{id}',
  summary: 'Erase a registrant, as the admin’s Delete does',
  write: true,
  params: registrantParams,
  query: noQuery,
  responses: { 204: { description: 'Erased' } },
  run: eraseRegistrant,
});

const grantPassOperation = defineOperation({
  operationId: 'grantPass',
  method: 'POST',
  path: '/registrants/{id}/passes',
  summary: 'Grant a pass bought in another checkout',
  description: 'The same effects as a payment through the provider: access, the pass e-mail, insights and pass.granted.',
  write: true,
  params: registrantParams,
  query: noQuery,
  body: passGrantSchema,
  responses: {
    201: { description: 'Granted', schema: registrantSchema },
    200: { description: 'This reference was already granted: nothing changed', schema: registrantSchema },
    202: {
      description: 'Held for the admin (Held payments), no pass granted: paid in a currency the edition does not sell in',
      schema: registrantSchema,
    },
  },
  run: grantPassFromApi,
});

const revokePassOperation = defineOperation({
  operationId: 'revokePass',
  method: 'DELETE',
  path: '/registrants/{id}/passes/{pass}',
  summary: 'Revoke a pass (as a refund through the provider does)',
  write: true,
  params: passParams,
  query: noQuery,
  responses: { 200: { description: 'The registrant without the pass', schema: registrantSchema } },
  run: revokePassFromApi,
});

const episodeInsightsOperation = defineOperation({
  operationId: 'episodeInsights',
  method: 'GET',
  path: '/insights/episodes',
  summary: 'Downloads and listeners per episode (the insights’ episodes CSV)',
  write: false,
  params: noQuery,
  query: editionQuery,
  responses: { 200: { description: 'One row per episode', schema: episodeInsightsSchema } },
  async run({ handle, token, query }) {
    const edition = await editionOfToken(handle.db, { token, slug: query.edition, pointer: '#/query/edition' });
    const rows = await listeningPerEpisode(handle.db, edition.id);
    return {
      status: 200,
      body: {
        data: rows.map((row) => ({
          episode_id: row.episodeId,
          title: row.title,
          day: row.day,
          downloads: row.downloads,
          listeners: row.listeners,
        })),
      },
    };
  },
});

const referrerInsightsOperation = defineOperation({
  operationId: 'referrerInsights',
  method: 'GET',
  path: '/insights/referrers',
  summary: 'The share links’ leaderboard (the insights’ referrers CSV)',
  write: false,
  params: noQuery,
  query: editionQuery,
  responses: { 200: { description: 'One row per share link, in leaderboard order', schema: referrerInsightsSchema } },
  async run({ handle, token, query }) {
    const edition = await editionOfToken(handle.db, { token, slug: query.edition, pointer: '#/query/edition' });
    const board = await leaderboard(handle.db, edition);
    return {
      status: 200,
      body: {
        data: board.map((row) => ({
          code: row.code,
          name: row.name,
          registrations: row.registrations,
          listeners: row.listeners,
          passes: row.passes,
          revenue: row.revenue.map((part) => ({ currency: part.currency, amount: part.amount })),
        })),
      },
    };
  },
});

export const API_OPERATIONS: readonly ApiOperation[] = [
  listEditionsOperation,
  listEpisodesOperation,
  listRegistrantsOperation,
  createRegistrantOperation,
  importRegistrantsOperation,
  importStatusOperation,
  getRegistrantOperation,
  patchRegistrantOperation,
  deleteRegistrantOperation,
  grantPassOperation,
  revokePassOperation,
  episodeInsightsOperation,
  referrerInsightsOperation,
];
