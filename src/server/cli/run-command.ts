import { keepNewFilesOwnerOnly } from '../owner-only-files.ts';

/**
 * How every command runs: whatever it creates is owner-only (docs/decisions/0068), and it ends
 * with the exit code its main function returns, or 1 with the error's message (never a stack
 * trace) when it throws.
 */
export function runCommand(main: () => Promise<number>): void {
  keepNewFilesOwnerOnly();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
