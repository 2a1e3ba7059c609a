/**
 * Toasts for the interactive screens (docs/PRODUCT.md "Brand configuration": 'Copied to clipboard', 'Logo uploaded
 * successfully', 'Configuration downloaded', the destructive upload errors). Announced to screen
 * readers: polite for success, assertive for destructive ones. They close by themselves.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

const TOAST_MS = 4000;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback((title: string, description?: string, variant: Toast['variant'] = 'default') => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, title, description, variant }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, TOAST_MS);
    timers.current.add(timer);
  }, []);

  return { toasts, show };
}

/** Plain news is announced politely; failures interrupt. */
const REGIONS = [
  { role: 'status', live: 'polite', variant: 'default' },
  { role: 'alert', live: 'assertive', variant: 'destructive' },
] as const;

export function ToastRegion({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {REGIONS.map(({ role, live, variant }) => (
        <div key={variant} role={role} aria-live={live} className="flex flex-col gap-2">
          {toasts
            .filter((t) => t.variant === variant)
            .map((toast) => (
              <ToastCard key={toast.id} toast={toast} />
            ))}
        </div>
      ))}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const colours = toast.variant === 'destructive' ? 'bg-red-700 text-white' : 'bg-ink text-white';
  return (
    <div data-toast={toast.variant} className={`pointer-events-auto rounded-xl px-4 py-3 shadow-lg ${colours}`}>
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
    </div>
  );
}

/** Copies text; resolves false where the clipboard is unavailable (e.g. an insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
