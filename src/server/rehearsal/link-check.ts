/**
 * Whether a link in a rehearsal's e-mail would open (decision 0077). The site's own links are
 * answered by what the site would do for this registrant at that moment (a personal link of an
 * erased registrant opens nothing); a link with no address is broken; links outside the site are
 * collected, and opened only when the host asks (they leave the site).
 */
import { stateAt, type CastMember } from '../../domain/rehearsal/cast.ts';
import type { RunContext } from './run-context.ts';

export function linkProblem(link: string, { member, at }: { member: CastMember; at: number }, context: RunContext): string | null {
  if (!link.trim()) return 'A link has no address (an empty merge field, or a setting left empty)';
  if (link.startsWith('mailto:')) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `“${link.slice(0, 120)}” is not an address a mail program can open`;
  }
  if (url.origin !== new URL(context.inputs.siteUrl).origin) {
    context.external.add(url.toString());
    return null;
  }
  const personal = /^\/(access|feed)\//.test(url.pathname) || url.pathname.startsWith('/unsubscribe/');
  if (personal && stateAt(member, at).erased) return `${url.pathname.split('/')[1]} link answers 404: the registrant was erased`;
  return null;
}

/** The links outside the site that answer 4xx or 5xx (or not at all), when the host asks for them to be opened. */
export async function probeLinks(links: Iterable<string>, timeoutMs = 5000): Promise<{ link: string; answer: string }[]> {
  const broken: { link: string; answer: string }[] = [];
  await Promise.all(
    [...links].map(async (link) => {
      try {
        const response = await fetch(link, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
        if (response.status >= 400) broken.push({ link, answer: `answers ${response.status}` });
      } catch (error) {
        broken.push({ link, answer: `does not answer (${error instanceof Error ? error.message : 'no answer'})` });
      }
    }),
  );
  return broken;
}
