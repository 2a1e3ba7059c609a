/**
 * On every admin screen while the site has switched a webhook endpoint or an e-mail list
 * connection off (a 410, or 50 failures in a row: docs/decisions/0058, 0059).
 */
function OffLine({ count, one, many, href, link }: { count: number; one: string; many: string; href: string; link: string }) {
  if (count === 0) return null;
  return (
    <p role="alert" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-webhooks-off-notice="">
      {count === 1 ? `1 ${one} was` : `${count} ${many} were`} switched off after failing: what it should receive waits until you resume it.{' '}
      <a href={href} className="font-semibold underline underline-offset-4">
        {link}
      </a>
    </p>
  );
}

export function SwitchedOffNotice({ counts }: { counts?: { webhooks: number; lists: number } | undefined }) {
  if (!counts) return null;
  return (
    <>
      <OffLine count={counts.webhooks} one="webhook endpoint" many="webhook endpoints" href="/admin/webhooks" link="See the webhooks" />
      <OffLine
        count={counts.lists}
        one="e-mail list connection"
        many="e-mail list connections"
        href="/admin/integrations"
        link="See the integrations"
      />
    </>
  );
}
