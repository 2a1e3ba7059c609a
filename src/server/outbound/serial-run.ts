/**
 * A round that never overlaps itself: asked while one runs, it runs once more right after; a round
 * that says more may be due runs again at once. Each kind's loop is one (docs/decisions/0075).
 */
import { log } from '../log.ts';

export interface SerialRun {
  run(): void;
  /** Runs no more rounds and waits for the one under way. */
  stop(): Promise<void>;
}

export function serialRun(name: string, round: () => Promise<boolean>): SerialRun {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .then((more) => {
        if (more) again = true;
      })
      .catch((error: unknown) => log.error({ err: error, kind: name }, 'outbound round failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    run,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
