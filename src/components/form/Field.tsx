/**
 * One labelled form field, for every form of the site (the admin's, the registration form, the
 * brand configurator): the label (with a "*" when required), the control, its help text and the
 * messages about it, tied to the control with aria-describedby (messages first, then help). The
 * control is passed as a function of the attributes it must carry, so a field may hold an input,
 * a textarea, a select or a checkbox, controlled or not, without a component per kind; the
 * caller adds what is its own (type, autoComplete, inputMode, value and onChange, its class).
 */
import type { ReactNode } from 'react';

/** The attributes the control of a field carries. */
export interface ControlProps {
  id: string;
  name: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A DOM id for a field name such as "days.1.title". */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}

/** The id of a field's messages, for aria-describedby. */
export function messagesId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** A form state's one message for a field (its errors hold one per field) as Field's messages. */
export function messagesOf(error: string | undefined): string[] | undefined {
  return error ? [error] : undefined;
}

const MESSAGE_CLASS = 'mt-1 text-sm font-medium text-red-700';

export interface FieldMessagesProps {
  fieldId: string;
  messages?: readonly string[] | undefined;
  /**
   * Keep the place for a script in the browser to fill (the registration form submits in place,
   * src/scripts/registration-form.ts): always rendered, hidden while empty, marked
   * data-error-for with this field name. It holds one message.
   */
  slotFor?: string | undefined;
}

export function FieldMessages({ fieldId, messages, slotFor }: FieldMessagesProps) {
  if (slotFor !== undefined) {
    return (
      <p id={messagesId(fieldId)} data-error-for={slotFor} className={MESSAGE_CLASS} hidden={!messages?.length}>
        {messages?.[0]}
      </p>
    );
  }
  if (!messages?.length) return null;
  return messages.length === 1 ? (
    <p id={messagesId(fieldId)} className={MESSAGE_CLASS}>
      {messages[0]}
    </p>
  ) : (
    <ul id={messagesId(fieldId)} className="mt-1 list-disc space-y-0.5 pl-5 text-sm font-medium text-red-700">
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </ul>
  );
}

export interface FieldProps {
  /** The control's name, as posted. */
  name: string;
  /** The control's DOM id; fieldId(name) unless given. */
  id?: string;
  label: ReactNode;
  required?: boolean | undefined;
  /** Show a "*" after the label of a required field. */
  markRequired?: boolean;
  help?: ReactNode;
  messages?: readonly string[] | undefined;
  /** Marks the field's wrapper with data-admin-field (the admin's content and edition forms). */
  adminField?: boolean;
  /** The messages' place is kept for a script to fill (FieldMessagesProps.slotFor), and always describes the control. */
  messageSlot?: boolean;
  /** A checkbox sits inside its label, before the text. */
  checkbox?: (control: ControlProps) => ReactNode;
  /** The control, for every field that is not a checkbox. */
  children?: (control: ControlProps) => ReactNode;
}

export function Field({
  name,
  id = fieldId(name),
  label,
  required,
  markRequired = true,
  help,
  messages,
  adminField = true,
  messageSlot = false,
  checkbox,
  children,
}: FieldProps) {
  const invalid = messages?.length ? true : undefined;
  const describedBy = [invalid || messageSlot ? messagesId(id) : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id, name, required, 'aria-invalid': invalid, 'aria-describedby': describedBy };
  return (
    <div data-admin-field={adminField ? name : undefined}>
      {checkbox ? (
        <label className="flex items-center gap-2 font-medium">
          {checkbox(control)}
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="block font-medium">
            {label}
            {required && markRequired ? <span aria-hidden="true"> *</span> : null}
          </label>
          {children?.(control)}
        </>
      )}
      {help ? (
        <p id={`${id}-help`} className="mt-1 text-sm text-muted">
          {help}
        </p>
      ) : null}
      <FieldMessages fieldId={id} messages={messages} slotFor={messageSlot ? name : undefined} />
    </div>
  );
}
