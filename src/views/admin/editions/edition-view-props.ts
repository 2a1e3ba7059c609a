/** What the edition page shows (src/views/admin/EditionView.tsx), shared by its parts. */
import type { EditionFormErrors, EditionFormValues } from '../../../domain/edition-form.ts';
import type { PassNames } from '../../../domain/passes.ts';

export interface EditionViewProps {
  slug: string;
  name: string;
  values: EditionFormValues;
  errors: EditionFormErrors;
  /** The passes' names as saved: the form's labels and hints use them. */
  passNames: PassNames;
  /** One of the demo editions: only they offer the product's price presets. */
  demo: boolean;
  /** The IANA zones the edition's time zone is chosen from. */
  timeZones: readonly string[];
  notice?: string | undefined;
  /** Why a POST was not understood (an action the screen does not have). */
  refused?: string | undefined;
  registrants: number;
  speakers: number;
  /** Which widget routes the stored settings enable. */
  embeds: { speakers: boolean; implementation: boolean; bonusBundle: boolean };
  /** What could not be read of the stored settings (their defaults stand in until the form is saved). */
  settingsProblems: readonly string[];
  /** What the edition's retention removes next and when, in plain words. */
  nextRemoval: string;
  csv: { message?: string | undefined; problems?: string[] | undefined; mode: 'replace' | 'add' };
  deletion: { message?: string | undefined; confirmation: string };
}
