/** A titled card of an admin screen: its heading names the section for screen readers (aria-labelledby). */
import type { ReactNode } from 'react';
import { CARD } from '../../components/form/styles.ts';

export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
