/** Notices and problem lists the edition screens share. */
import { OutcomeNotice } from '../../../components/form/OutcomeNotice.tsx';

/** What an action did, when it went through (a refusal is a ProblemList). */
export function Notice({ message }: { message?: string | undefined }) {
  return <OutcomeNotice outcome={message ? { ok: true, text: message } : null} />;
}

/** Why an action was refused, in one line (several problems: a ProblemList). */
export function Refusal({ message }: { message?: string | null | undefined }) {
  return <OutcomeNotice outcome={message ? { ok: false, text: message } : null} />;
}

/** Problems that stopped an action, each on its own line ("speakers[3].day: Choose day 1, 2 or 3."). */
export function ProblemList({ title, problems, id }: { title: string; problems?: readonly string[] | undefined; id?: string }) {
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
