/**
 * Whether a link a rehearsal's registrant is shown would open (decisions 0077, 0081). The site's
 * own links are answered by the route they reach, by its own rule for this registrant at that
 * moment (site-links.ts): a 4xx or 5xx is a problem. A link with no address is broken; links
 * outside the site leave it, so they are collected and opened only when the host asks.
 */
import { checkoutClient } from '../payments/checkout-config.ts';
import { siteAnswer } from './site-links.ts';
import type { CastMember } from '../../domain/rehearsal/cast.ts';
import { pageQuestionOf, type RunContext } from './run-context.ts';

export function linkProblem(
  link: string,
  { member, id, at }: { member: CastMember; id: number; at: number },
  context: RunContext,
): string | null {
  if (!link.trim()) return 'A link has no address (an empty merge field, or a setting left empty)';
  if (link.startsWith('mailto:') || link.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(link, context.inputs.siteUrl);
  } catch {
    return `“${link.slice(0, 120)}” is not an address a mail program can open`;
  }
  if (url.origin !== new URL(context.inputs.siteUrl).origin) {
    // The buyer's reference and e-mail a checkout link carries (checkoutUrlFor) are the rehearsal's
    // made-up registrant: the page is opened once, without them, so nothing of them leaves.
    url.searchParams.delete('client_reference_id');
    url.searchParams.delete('prefilled_email');
    context.external.add(url.toString());
    return null;
  }
  const { edition } = context.inputs;
  const answer = siteAnswer(url, {
    member,
    id,
    at,
    question: pageQuestionOf(member, at, context),
    slug: edition.slug,
    secret: context.secret,
    // openCheckout's own conditions: Stripe and a price, else the host's own checkout link.
    passOnSale: (pass) =>
      (checkoutClient() !== null && edition.settings.upgrade[pass].price > 0) || Boolean(edition.settings.upgrade[`${pass}CheckoutUrl`]),
  });
  return answer.status >= 400 ? `${url.pathname} answers ${answer.status}: ${answer.why}` : null;
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
