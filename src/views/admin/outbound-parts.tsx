/**
 * Parts the webhooks and the e-mail list screens share (docs/decisions/0058, 0059): a field's
 * error, a one-button action form, and the delivery log with "Resend".
 */
import { DANGER_BUTTON, SECONDARY_BUTTON } from '../../components/form/styles.ts';
import type { WebhookLogLine } from '../../domain/events/endpoint-view.ts';

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

export function ActionButton({ id, action, label, danger }: { id: number; action: string; label: string; danger?: boolean }) {
  return (
    <form method="post" className="inline">
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={danger ? DANGER_BUTTON : SECONDARY_BUTTON}>
        {label}
      </button>
    </form>
  );
}

const statusText = (line: WebhookLogLine) => (line.skipped ? 'not sent' : (line.status ?? 'no answer'));

export function DeliveryLog({ log }: { log: WebhookLogLine[] }) {
  if (!log.length) return <p className="text-sm text-muted">Nothing sent yet.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="mt-2 w-full text-left text-sm" data-delivery-log="">
        <thead>
          <tr>
            <th>Time (UTC)</th>
            <th>Event</th>
            <th>Status</th>
            <th>Duration</th>
            <th>Answer (first 1 KB)</th>
            <th>
              <span className="sr-only">Resend</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.map((line, index) => (
            <tr key={`${line.deliveryId}-${index}`} className="align-top">
              <td>{line.at}</td>
              <td>
                <code>{line.type}</code>
              </td>
              <td>{statusText(line)}</td>
              <td>{line.durationMs} ms</td>
              <td className="max-w-xs font-mono text-xs break-all whitespace-pre-line">{line.answer}</td>
              <td>
                <ActionButton id={line.deliveryId} action="resend" label="Resend" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
