/**
 * Cleans an uploaded SVG off the event loop: its shape is checked first by a cheap
 * scan (svg-shape.ts), then one worker thread parses and rebuilds it (svg-worker.ts, running
 * sanitize-svg.ts), one document at a time, so a large or hostile file costs that thread time,
 * never the requests of everyone else. A document that takes longer than JOB_TIMEOUT_MS ends
 * the thread (a new one starts for the next), and too long a queue is refused as busy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { log } from '../log.ts';
import { svgShapeError, TOO_DEEP } from './svg-shape.ts';

const JOB_TIMEOUT_MS = 10_000;
/** Documents waiting for the thread; more are refused (the upload rate limit keeps this rare). */
const MAX_WAITING = 16;

export const SVG_BUSY = 'Many logos are being uploaded right now. Please try again in a minute.';

export type CleanedSvg = { ok: true; svg: string | null } | { ok: false; error: string; busy?: boolean };

/**
 * The worker's source file. Next to this module while developing and testing; in the built
 * server (one bundle under dist/server) it is the source file in the project folder, which the
 * server runs from (Node strips its types, as for src/server/main.ts).
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./svg-worker.ts', import.meta.url));
  return fs.existsSync(beside) ? beside : path.resolve('src/server/uploads/svg-worker.ts');
}

interface Job {
  text: string;
  resolve: (result: CleanedSvg) => void;
}

let worker: Worker | null = null;
let running: (Job & { id: number; timer: NodeJS.Timeout; on: Worker }) | null = null;
const waiting: Job[] = [];
let nextId = 0;

function finish(result: CleanedSvg): void {
  const job = running;
  if (!job) return;
  clearTimeout(job.timer);
  running = null;
  job.resolve(result);
  runNext();
}

function startWorker(): Worker {
  const started = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  started.unref();
  started.on('message', (message: { id: number; svg?: string | null; error?: string }) => {
    if (message.id !== running?.id) return;
    // A failed parse may leave the thread's heap in any state: the next document gets a new one.
    if (message.error) {
      worker = null;
      void started.terminate();
    }
    if (message.error === 'too-deep') finish({ ok: false, error: TOO_DEEP });
    else if (message.error) finish({ ok: false, error: 'The SVG could not be read.' });
    else finish({ ok: true, svg: message.svg ?? null });
  });
  const lost = (reason: unknown) => {
    if (worker === started) worker = null;
    if (running?.on === started) {
      log.warn({ err: reason }, 'SVG cleaning thread ended');
      finish({ ok: false, error: 'The SVG could not be read: it is too complex.' });
    }
  };
  started.on('error', lost);
  started.on('exit', lost);
  return started;
}

function runNext(): void {
  if (running) return;
  const job = waiting.shift();
  if (!job) return;
  worker ??= startWorker();
  const id = ++nextId;
  const current = worker;
  const timer = setTimeout(() => {
    log.warn({ bytes: job.text.length }, 'SVG cleaning took too long; the thread is restarted');
    worker = null;
    void current.terminate();
    finish({ ok: false, error: 'The SVG could not be read: it is too complex.' });
  }, JOB_TIMEOUT_MS);
  running = { ...job, id, timer, on: current };
  current.postMessage({ id, text: job.text });
}

/** The cleaned SVG (null: there is no drawing in it), or why it is refused. */
export function cleanSvg(text: string): Promise<CleanedSvg> {
  const shape = svgShapeError(text);
  if (shape) return Promise.resolve({ ok: false, error: shape });
  if (waiting.length >= MAX_WAITING) return Promise.resolve({ ok: false, error: SVG_BUSY, busy: true });
  return new Promise((resolve) => {
    waiting.push({ text, resolve });
    runNext();
  });
}
