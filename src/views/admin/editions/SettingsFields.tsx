/**
 * The edition's settings as form sections, drawn from their one description
 * (src/domain/settings-form/fields.ts): fields, lists of rows and optional blocks.
 */
import { Field, type ControlProps } from '../../../components/form/Field.tsx';
import { Select } from '../../../components/form/Select.tsx';
import { INPUT } from '../../../components/form/styles.ts';
import type { EditionFormErrors, EditionFormValues } from '../../../domain/edition-form.ts';
import { fieldControl } from '../../../domain/form-fields.ts';
import {
  settingsSections,
  blockToggleName,
  rowName,
  settingsName,
  type SettingsBlock,
  type SettingsField,
  type SettingsGroup,
  type SettingsList,
} from '../../../domain/settings-form/fields.ts';
import type { PassNames } from '../../../domain/passes.ts';
import { listRowCount } from '../../../domain/settings-form/settings-values.ts';
import { PricePresets } from './PricePresets.tsx';
import { Fieldset } from './EditionField.tsx';

interface FormState {
  values: EditionFormValues;
  errors: EditionFormErrors;
}

/** The control of one settings field, as its kind says (form-fields.ts fieldControl). */
function SettingsInput({ field, value, control }: { field: SettingsField; value: string; control: ControlProps }) {
  const shape = fieldControl(field.kind);
  switch (shape.element) {
    case 'select':
      return <Select {...control} defaultValue={value} options={field.options ?? []} />;
    case 'textarea':
      return <textarea {...control} defaultValue={value} rows={shape.rows} className={INPUT} />;
    case 'checkbox':
      return <input {...control} type="checkbox" defaultChecked={value !== ''} />;
    case 'input':
      return (
        <input
          {...control}
          type={shape.type}
          inputMode={shape.inputMode}
          min={shape.type === 'number' ? 0 : undefined}
          defaultValue={value}
          className={INPUT}
        />
      );
  }
}

/** One settings control, by its kind. */
export function SettingsControl({
  field,
  name,
  values,
  errors,
  inGroup = false,
}: FormState & { field: SettingsField; name: string; inGroup?: boolean }) {
  const value = values[name] ?? '';
  // An amount is typed in the edition's currency: the label names it, as the form holds it now.
  const currency = (values[settingsName('checkout.currency')] ?? '').trim().toUpperCase() || 'USD';
  const label = field.kind === 'money' ? `${field.label} (${currency})` : field.label;
  const common = { label, help: field.help, messages: errors[name], required: field.required, name };
  const shape = fieldControl(field.kind);
  if (shape.element === 'checkbox')
    return <Field {...common} checkbox={(control) => <SettingsInput field={field} value={value} control={control} />} />;
  return (
    <div className={shape.element === 'textarea' && !inGroup ? 'md:col-span-2' : undefined}>
      <Field {...common}>{(control) => <SettingsInput field={field} value={value} control={control} />}</Field>
    </div>
  );
}

function ListRows({ list, values, errors }: FormState & { list: SettingsList }) {
  const rows = Array.from({ length: listRowCount(list, values) }, (_, row) => row);
  return (
    <div className="space-y-3 md:col-span-2">
      <h3 className="font-semibold">{list.legend}</h3>
      <p className="text-sm text-muted">Leave a row empty to remove it; save to get another empty row.</p>
      {rows.map((row) => (
        <fieldset key={row} className="grid gap-3 rounded-xl p-3 ring-1 ring-ink/10 md:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">{`${list.itemName} ${row + 1}`}</legend>
          {list.fields.map((field) => (
            <SettingsControl key={field.path} field={field} name={rowName(list.path, row, field.path)} values={values} errors={errors} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function OptionalBlock({ block, values, errors }: FormState & { block: SettingsBlock }) {
  return (
    <div className="grid gap-4 rounded-xl p-3 ring-1 ring-ink/10 md:col-span-2 md:grid-cols-3">
      <div className="md:col-span-3">
        <SettingsControl
          field={{ kind: 'checkbox', path: 'offered', label: block.toggle }}
          name={blockToggleName(block.path)}
          values={values}
          errors={errors}
        />
      </div>
      {block.fields.map((field) => (
        <SettingsControl
          key={field.path}
          field={field}
          name={settingsName(`${block.path}.${field.path}`)}
          values={values}
          errors={errors}
        />
      ))}
    </div>
  );
}

function FieldGroup({ group, values, errors }: FormState & { group: SettingsGroup }) {
  return (
    <fieldset className="grid content-start gap-4 rounded-xl p-3 ring-1 ring-ink/10">
      <legend className="px-1 font-semibold">{group.legend}</legend>
      {group.fields.map((field) => (
        <SettingsControl key={field.path} field={field} name={settingsName(field.path)} values={values} errors={errors} inGroup />
      ))}
    </fieldset>
  );
}

/** Every settings section of the edition form, naming the passes as the edition does; the price presets only on a demo edition. */
export function SettingsFields({ values, errors, passNames, demo }: FormState & { passNames: PassNames; demo: boolean }) {
  return settingsSections(passNames, { demo }).map((section) => (
    <Fieldset key={section.id} id={`settings-${section.id}`} legend={section.legend} description={section.description}>
      {section.id === 'passes' && demo ? <PricePresets values={values} passNames={passNames} /> : null}
      <div className="grid gap-4 md:grid-cols-2" data-settings-section={section.id}>
        {section.items.map((item) =>
          item.kind === 'list' ? (
            <ListRows key={item.path} list={item} values={values} errors={errors} />
          ) : item.kind === 'group' ? (
            <FieldGroup key={item.legend} group={item} values={values} errors={errors} />
          ) : item.kind === 'block' ? (
            <OptionalBlock key={item.path} block={item} values={values} errors={errors} />
          ) : (
            <SettingsControl key={item.path} field={item} name={settingsName(item.path)} values={values} errors={errors} />
          ),
        )}
      </div>
    </Fieldset>
  ));
}
