/**
 * Parts the webhooks and the e-mail list screens share (docs/decisions/0058, 0059): an
 * endpoint's pause, resume and delete buttons, and the delivery log with "Resend".
 */
import type { ReactNode } from 'react';
import { ActionButton } from './catalogue/CatalogueScreen.tsx';
import type { EndpointStatus, WebhookLogLine } from '../../domain/events/endpoint-view.ts';

/** Pause or resume an endpoint (a switched-off one is resumed), then delete it; `before` are the screen's own actions. */
export function OnOffActions({ id, status, before }: { id: number; status: EndpointStatus; before?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      {before}
      {status === 'active' ? (
        <ActionButton id={id} action="pause" label="Pause" />
      ) : (
        <ActionButton id={id} action="resume" label="Resume" />
      )}
      <ActionButton id={id} action="delete" label="Delete" danger />
    </div>
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
