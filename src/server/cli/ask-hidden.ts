/**
 * Asks for a secret on the terminal without showing it (the backup's key for npm run restore):
 * what is typed is not echoed, so it stays off the screen and out of terminal recordings.
 */
import readline from 'node:readline';

export function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    process.stdout.write(question);
    // readline echoes through this method: only its line breaks reach the screen.
    (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (text.includes('\n')) process.stdout.write('\n');
    };
    terminal.question('', (answer) => {
      terminal.close();
      resolve(answer);
    });
  });
}
