/** Small pieces the edition screens share: notices, problem lists and messages beside fields. */

export const INPUT = 'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';
export const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10';
export const PRIMARY_BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-2.5 font-semibold text-white';
export const SECONDARY_BUTTON = 'rounded-full px-6 py-2.5 font-semibold ring-1 ring-ink/20';
export const LINK = 'text-brand-primary-strong underline underline-offset-4';

export function Notice({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-xl bg-brand-accent/10 px-4 py-3 text-sm">
      {message}
    </p>
  );
}

/** Problems that stopped an action, each on its own line ("speakers[3].day: Choose day 1, 2 or 3."). */
export function ProblemList({ title, problems, id }: { title: string; problems?: string[] | undefined; id?: string }) {
  if (!problems?.length) return null;
  return (
    <div role="alert" id={id} className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-problems="">
        {problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** The id of a field's messages, for aria-describedby. */
export function messagesId(fieldId: string): string {
  return `${fieldId}-error`;
}

export function FieldMessages({ fieldId, messages }: { fieldId: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return messages.length === 1 ? (
    <p id={messagesId(fieldId)} className="mt-1 text-sm font-medium text-red-700">
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

/** A DOM id for a field name such as "days.1.title". */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}
