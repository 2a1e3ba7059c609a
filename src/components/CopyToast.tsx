/** The "Copied to clipboard" note the copy buttons' script shows for a moment (data-copy-toast). */
export function CopyToast() {
  return (
    <p
      role="status"
      data-copy-toast
      hidden
      className="fixed right-6 bottom-6 z-50 rounded-xl bg-ink px-4 py-3 text-sm text-white shadow-lg"
    >
      Copied to clipboard
    </p>
  );
}
