/**
 * On every admin screen while everything outbound is paused (a site restored from a backup:
 * docs/decisions/0075): nothing leaves, e-mails, webhooks or list sync, until an admin resumes it.
 */
export interface OutboundPausedProps {
  pause: { since: string; reason: string } | null;
  /** The screen to come back to after resuming. */
  back: string;
}

export function OutboundPausedNotice({ pause, back }: OutboundPausedProps) {
  if (!pause) return null;
  return (
    <div role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900" data-outbound-paused-notice="">
      <p>
        <strong>Sending is paused.</strong> {pause.reason}: no e-mail, webhook or e-mail list update leaves this site until you resume it.
        What is due waits and nothing is lost. If another copy of this site is still running and sending, leave this one paused.
      </p>
      <form method="post" action="/admin/outbound/resume" className="mt-2">
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="rounded-lg bg-red-800 px-3 py-1.5 font-semibold text-white hover:bg-red-900">
          Resume sending
        </button>
      </form>
    </div>
  );
}
