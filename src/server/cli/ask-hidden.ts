/**
 * Asks for a secret on the terminal without showing it (the backup's key for npm run restore):
 * the terminal is put in raw mode so nothing typed or pasted is echoed, and the secret stays off
 * the screen and out of terminal recordings. Enter ends it, Backspace deletes, Ctrl-C stops.
 */
export function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve) => {
    let answer = '';
    const done = (value: string) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (character === '\r' || character === '\n') return done(answer);
        if (character === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        if (character === '\u007f' || character === '\b') answer = answer.slice(0, -1);
        else if (character >= ' ') answer += character;
      }
    };
    input.on('data', onData);
  });
}
