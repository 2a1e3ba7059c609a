/**
 * Group commit for "sent" marks: each send waits for its row to be marked, but marks that
 * arrive while an UPDATE is running go together in the next one. The mark still follows the
 * SMTP acceptance as closely as one round trip allows (the window a crash can duplicate a
 * message in), while a batch costs a few UPDATEs instead of one per message: on the embedded
 * database, whose queries run one at a time, that is most of the sending cost.
 */
export function groupCommit(commit: (ids: number[]) => Promise<void>): { mark(id: number): Promise<void> } {
  let waiting: { id: number; done: () => void; fail: (error: unknown) => void }[] = [];
  let running = false;

  const flush = async (): Promise<void> => {
    running = true;
    while (waiting.length) {
      const group = waiting;
      waiting = [];
      try {
        await commit(group.map((entry) => entry.id));
        group.forEach((entry) => entry.done());
      } catch (error) {
        group.forEach((entry) => entry.fail(error));
      }
    }
    running = false;
  };

  return {
    mark(id) {
      return new Promise<void>((done, fail) => {
        waiting.push({ id, done, fail });
        if (!running) void flush();
      });
    },
  };
}
