/**
 * An episode's transcript or chapters for a podcast app (decision 0039): the stored text, answered
 * only at the personal URL whose key may hear the episode now, exactly like its audio. Plain
 * text types with nosniff and the feed's sandboxing policy, so nothing in a file is ever run or
 * rendered as a page; open to every origin (CORS), as the podcast namespace asks, since web
 * players fetch transcripts from their own sites and the key in the URL is the access.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHAPTERS_CONTENT_TYPE } from '../../domain/podcast/chapters.ts';
import { TRANSCRIPT_FORMATS, transcriptFormatOf } from '../../domain/podcast/transcripts.ts';
import type { Episode } from '../episodes/episodes.ts';
import { answerText, BASE_HEADERS } from './audio-answers.ts';

/** What the URL asks for: "transcript.vtt" and the like, or "chapters.json". */
export type EpisodeTextName = string;

function stored(episode: Episode, name: EpisodeTextName): { body: string; contentType: string } | null {
  if (name === 'chapters.json') return episode.chapters === null ? null : { body: episode.chapters, contentType: CHAPTERS_CONTENT_TYPE };
  const format = transcriptFormatOf(episode.transcriptType);
  if (!format || episode.transcript === null || name !== `transcript.${format}`) return null;
  return { body: episode.transcript, contentType: TRANSCRIPT_FORMATS[format].contentType };
}

export function answerEpisodeText({
  req,
  res,
  episode,
  name,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  episode: Episode;
  name: EpisodeTextName;
}): void {
  const text = stored(episode, name);
  if (!text) return answerText(res, 404);
  const body = Buffer.from(text.body);
  res.writeHead(200, {
    ...BASE_HEADERS,
    'content-type': `${text.contentType}; charset=utf-8`,
    'content-length': body.length,
    'cache-control': 'private, no-cache',
    'access-control-allow-origin': '*',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
