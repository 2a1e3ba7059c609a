/** Plain words for what the settings schema refuses, under the field a host typed it in. */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

export function issueMessage(issue: Issue): string {
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return 'Fill this in.';
    if (issue.origin === 'number') return `Use ${String(issue.minimum)} or more.`;
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters.`;
    if (issue.origin === 'number') return `Use ${String(issue.maximum)} or less.`;
    if (issue.origin === 'array') return `Use at most ${String(issue.maximum)} entries.`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'Enter an e-mail address such as support@example.com.';
  return issue.message;
}
