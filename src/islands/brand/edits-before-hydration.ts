/**
 * What the visitor did in the server-rendered form before the island hydrated. The form's
 * controls are real form controls, so typing, choosing an option, picking a colour or a file all
 * take effect in the page before React has taken over, and React keeps a hydrated control's value
 * as it finds it. The island reads them back into its state as it hydrates (decision 0051), so
 * nothing done in those first moments is lost. The tabs and plain buttons do nothing before
 * hydration; `client:load` hydrates the island as the page loads.
 */
import { COLOURS, FIELD_PATHS, IMPORT_INPUT_ID, colourPickerId, fieldId, type ColourPath, type FieldPath } from './form-model.ts';

/** A file input's change: React's event, or the input itself when a file was chosen before hydration. */
export interface FileChoice {
  target: HTMLInputElement;
}

type ValueControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface EditsBeforeHydration {
  /** Text fields and selects whose value is no longer the one the server rendered (but colours). */
  fields: { path: Exclude<FieldPath, ColourPath>; value: string }[];
  /** Colours' hex fields typed in. */
  colours: { path: ColourPath; value: string }[];
  /** Colour pickers moved away from the server's colour. */
  pickers: { path: ColourPath; value: string }[];
  /** File inputs with a file chosen: the logo upload and the configuration import. */
  files: HTMLInputElement[];
}

const isColour = (path: FieldPath): path is ColourPath => COLOURS.some((colour) => colour.path === path);

function changed(control: ValueControl): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

function controlById(root: HTMLElement, id: string): Element | null {
  return root.querySelector(`#${CSS.escape(id)}`);
}

function isValueControl(element: Element | null): element is ValueControl {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** Reads the edits from the island's markup; call it as hydration commits, before any re-render. */
export function editsBeforeHydration(root: HTMLElement): EditsBeforeHydration {
  const fields: EditsBeforeHydration['fields'] = [];
  const colours: EditsBeforeHydration['colours'] = [];
  const pickers: EditsBeforeHydration['pickers'] = [];
  for (const path of FIELD_PATHS) {
    const control = controlById(root, fieldId(path));
    if (!isValueControl(control) || control.type === 'file' || !changed(control)) continue;
    if (isColour(path)) colours.push({ path, value: control.value });
    else fields.push({ path, value: control.value });
  }
  for (const { path } of COLOURS) {
    const picker = controlById(root, colourPickerId(fieldId(path)));
    if (picker instanceof HTMLInputElement && changed(picker)) pickers.push({ path, value: picker.value });
  }
  const files = [fieldId('logoFile'), IMPORT_INPUT_ID]
    .map((id) => controlById(root, id))
    .filter((input): input is HTMLInputElement => input instanceof HTMLInputElement && (input.files?.length ?? 0) > 0);
  return { fields, colours, pickers, files };
}
