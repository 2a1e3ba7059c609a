/**
 * The calls one delivery makes to an e-mail list service (docs/decisions/0059), each through the
 * site's one guarded request (src/server/webhooks/post.ts: no redirects, 5 s/15 s, 64 KB), written
 * down as they go: the delivery log shows every call and what came back. A call that fails stops
 * the delivery, which is retried as a whole (every call is an upsert or idempotent).
 */
import { sendOutbound, type PostOutcome } from '../webhooks/post.ts';

export interface ProviderStep {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the API's address, with every variable part already encoded. */
  path: string;
  body?: unknown;
  /** A 404 means there is nothing to change (unsubscribing someone the list never had). */
  notFoundIsDone?: boolean;
}

export class StepFailed extends Error {
  readonly outcome: PostOutcome;
  constructor(outcome: PostOutcome) {
    super(outcome.answer);
    this.outcome = outcome;
  }
}

export interface ProviderSession {
  /** The answer's JSON on success (null for an empty answer or a tolerated 404); throws StepFailed otherwise. */
  call(step: ProviderStep): Promise<unknown>;
  /** The outcome of the delivery as a whole, for its log line. */
  finish(error?: unknown): PostOutcome;
}

const LOGGED_ANSWER = 300;
/** An import's delivery may make thousands of calls: its log line keeps the first and last ones. */
const LOGGED_CALLS = 40;

const loggedLines = (lines: string[]) =>
  lines.length <= LOGGED_CALLS
    ? lines
    : [...lines.slice(0, LOGGED_CALLS / 2), `… ${lines.length - LOGGED_CALLS} more calls …`, ...lines.slice(-LOGGED_CALLS / 2)];

function parse(answer: string): unknown {
  try {
    return answer ? JSON.parse(answer) : null;
  } catch {
    return null;
  }
}

export function openSession(target: { base: string; headers: Record<string, string>; allowPrivate: boolean }): ProviderSession {
  const started = performance.now();
  const lines: string[] = [];
  let lastStatus: number | null = null;
  const outcome = (answer: string): PostOutcome => ({
    status: lastStatus,
    answer: [...loggedLines(lines), answer].filter(Boolean).join('\n'),
    durationMs: Math.round(performance.now() - started),
  });
  return {
    async call(step) {
      const result = await sendOutbound({
        url: `${target.base}${step.path}`,
        method: step.method,
        headers: { accept: 'application/json', ...target.headers },
        body: step.body === undefined ? undefined : JSON.stringify(step.body),
        allowPrivate: target.allowPrivate,
      });
      lastStatus = result.status;
      lines.push(`${step.method} ${step.path.split('?')[0]} → ${result.status ?? 'no answer'}`);
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      if (ok) return parse(result.answer);
      if (result.status === 404 && step.notFoundIsDone) {
        lastStatus = 200;
        return null;
      }
      throw new StepFailed(outcome(result.answer.slice(0, LOGGED_ANSWER)));
    },
    finish(error) {
      if (error instanceof StepFailed) return error.outcome;
      if (error) return { ...outcome(error instanceof Error ? error.message : String(error)), status: null };
      return outcome('');
    },
  };
}
