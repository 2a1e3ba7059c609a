/** How the product words counts and long lists of problems in its messages. */

/** "1 speaker", "2,000 speakers": the count in en-US digits and the noun in the right number. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}

/**
 * "a speaker", "an implementation session": the indefinite article by the noun's first letter
 * (the admin's nouns are plain English words, none with a silent or sounded-out first letter).
 */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun.trim()) ? 'an' : 'a'} ${noun.trim()}`;
}

/** The most problems one import reports: a wrong file can hold thousands. */
const MAX_PROBLEMS = 200;

/** The first MAX_PROBLEMS problems, and a last line saying how many more there were. */
export function capProblems(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), `…and ${plural(problems.length - MAX_PROBLEMS, 'more problem')}.`];
}

/**
 * "The Sacred Business Audio Summit team" from a summit name that may already start with "The"
 * (the default brand's does): never "The The …".
 */
export function teamSignOff(summitName: string): string {
  return `The ${summitName.trim().replace(/^the\s+/i, '')} team`;
}
