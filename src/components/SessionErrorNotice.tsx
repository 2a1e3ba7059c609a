/**
 * Shown instead of the countdown when the visit could not be recorded (docs/PRODUCT.md "Access windows and the countdown": the
 * loading state ends and no countdown shows), with the reset-session action.
 */
export function SessionErrorNotice({ returnTo }: { returnTo: string }) {
  return (
    <div data-session-error className="flex flex-wrap items-center justify-center gap-3 bg-amber-50 px-6 py-3 text-sm text-amber-900">
      <p role="status">We could not start your access timer just now. The page is open; the countdown will return.</p>
      <form method="post" action="/session/reset">
        <input type="hidden" name="return" value={returnTo} />
        <button
          type="submit"
          className="rounded-full bg-white px-4 py-1.5 font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
        >
          Reset session
        </button>
      </form>
    </div>
  );
}
