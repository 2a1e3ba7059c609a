/**
 * The rows of an e-mail list connection's form (docs/decisions/0059): per trigger (registers,
 * gets a pass, listens to a day), the list, tag and field to set at the provider. Each row stacks
 * on a phone; an empty row does nothing.
 */
import { messagesOf } from '../../../components/form/Field.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { listTriggers, triggerLabel } from '../../../domain/list-sync/plan.ts';
import type { ListTrigger } from '../../../domain/list-sync/providers.ts';

const PARTS = [
  { key: 'list', label: 'List, audience or form' },
  { key: 'tag', label: 'Tag' },
  { key: 'field', label: 'Field' },
  { key: 'value', label: 'Value' },
] as const;

function RuleFieldset({
  on,
  idOf,
  values,
  errors,
}: {
  on: ListTrigger;
  /** The DOM id of a control of this form. */
  idOf: (name: string) => string;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="rounded-xl p-3 ring-1 ring-ink/10" data-rule={on}>
      <legend className="px-1 text-sm font-semibold">{triggerLabel(on)}</legend>
      <div className="grid gap-2 sm:grid-cols-4">
        {PARTS.map(({ key, label }) => {
          const name = `rule.${on}.${key}`;
          return (
            <TextField
              key={key}
              id={idOf(name)}
              name={name}
              label={label}
              adminField={false}
              defaultValue={values[name] ?? ''}
              messages={messagesOf(errors[name])}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

const isListening = (on: ListTrigger) => on.startsWith('listened:');

export function RulesFields({
  idOf,
  values,
  errors,
}: {
  /** The DOM id of a control of this form. */
  idOf: (name: string) => string;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const listening = listTriggers.filter(isListening);
  // The five listening rows fold away until one is used (or refused), so the form stays short on a phone.
  const listeningUsed = Object.keys({ ...values, ...errors }).some(
    (name) => name.startsWith('rule.listened:') && (values[name] || errors[name]),
  );
  return (
    <div className="space-y-3">
      {listTriggers
        .filter((on) => !isListening(on))
        .map((on) => (
          <RuleFieldset key={on} on={on} idOf={idOf} values={values} errors={errors} />
        ))}
      <details open={listeningUsed} className="space-y-3">
        <summary className="cursor-pointer text-sm font-semibold">When they listen to a day</summary>
        {listening.map((on) => (
          <RuleFieldset key={on} on={on} idOf={idOf} values={values} errors={errors} />
        ))}
      </details>
    </div>
  );
}
