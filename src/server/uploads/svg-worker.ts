/**
 * The thread that cleans uploaded SVGs (clean-svg.ts starts it): parsing a large document takes
 * up to a second, which must not stop the server answering everyone else. It answers each
 * message { id, text } with { id, svg } (null: no drawing) or { id, error: 'too-deep' }.
 */
import { parentPort } from 'node:worker_threads';
import { sanitizeSvg } from './sanitize-svg.ts';

parentPort?.on('message', ({ id, text }: { id: number; text: string }) => {
  try {
    parentPort?.postMessage({ id, svg: sanitizeSvg(text) });
  } catch (error) {
    // A nesting the shape scan did not see (svg-shape.ts) overflows the parser's stack.
    parentPort?.postMessage({ id, error: error instanceof RangeError ? 'too-deep' : 'failed' });
  }
});
