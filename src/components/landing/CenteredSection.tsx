/** A landing section under a centred heading: the section, its width and the heading that names it (none when the host left it empty). */
import { OptionalHeading, headingId } from '../OptionalHeading.tsx';
import type { ReactNode } from 'react';

interface CenteredSectionProps {
  /** The section's id (the page's anchor); the heading's id is `${id}-heading`. */
  id: string;
  title: string;
  className: string;
  /** The content's width class, e.g. `max-w-5xl`. */
  width: string;
  /** The heading in the ink colour rather than the inherited one. */
  inkHeading?: boolean;
  children: ReactNode;
}

export function CenteredSection({ id, title, className, width, inkHeading = false, children }: CenteredSectionProps) {
  return (
    <section id={id} aria-labelledby={headingId(`${id}-heading`, title)} className={className}>
      <div className={`mx-auto ${width}`}>
        <OptionalHeading
          id={`${id}-heading`}
          text={title}
          className={`text-center font-serif text-3xl font-bold ${inkHeading ? 'text-ink ' : ''}sm:text-4xl`}
        />
        {children}
      </div>
    </section>
  );
}
