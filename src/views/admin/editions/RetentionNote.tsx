import { CARD, LINK } from '../../../components/form/styles.ts';

/** What the edition's retention removes next and when (set under "Retention of registrants" in the form below). */
export function RetentionNote({ text }: { text: string }) {
  if (!text) return null;
  return (
    <section aria-labelledby="retention-heading" className={CARD} id="retention-next">
      <h2 id="retention-heading" className="text-sm font-semibold">
        Retention of registrants
      </h2>
      <p className="mt-2 text-sm">{text}</p>
      <p className="mt-1 text-sm">
        <a className={LINK} href="#settings-retention">
          Change it in the form
        </a>
      </p>
    </section>
  );
}
