/** A loading indicator: a spinning circle (decorative) and a visible label, announced politely. */
export interface SpinnerProps {
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-muted">
      <span
        aria-hidden="true"
        className="size-6 shrink-0 animate-spin rounded-full border-2 border-brand-primary/25 border-t-brand-primary-strong"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
