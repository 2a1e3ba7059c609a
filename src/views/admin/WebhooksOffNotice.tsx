/** On every admin screen while the site has switched a webhook endpoint off (a 410, or 50 failures in a row: docs/decisions/0058). */
export function WebhooksOffNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p role="alert" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-webhooks-off-notice="">
      {count === 1 ? '1 webhook endpoint was' : `${count} webhook endpoints were`} switched off after failing: its events wait until you
      resume it.{' '}
      <a href="/admin/webhooks" className="font-semibold underline underline-offset-4">
        See the webhooks
      </a>
    </p>
  );
}
