/** The implementation sessions widget: headshot, topic, name, description and the session link. */
import { EMBED_MESSAGES } from '../../domain/embed-page.ts';
import { resizedImage } from '../../domain/images.ts';
import { fullName } from '../../domain/people.ts';
import type { ShownSession } from '../../domain/shown-content.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';
import { SafeHtmlBlock } from '../SafeHtmlBlock.tsx';
import { Spinner } from '../Spinner.tsx';

type Props = { state: 'loading' } | { state: 'error' } | { state: 'success'; sessions: ShownSession[] };

function SessionCard({ session }: { session: ShownSession }) {
  const name = fullName(session);
  const link = safeHttpUrl(session.integrationSessionLink);
  return (
    <li data-implementation-card className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/5">
      {session.headshot ? (
        <img
          {...resizedImage(session.headshot, 96)}
          alt={`Portrait of ${name}`}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-24 rounded-full object-cover"
        />
      ) : null}
      <h2 className="mt-4 font-serif text-lg font-bold">{session.topic}</h2>
      <p className="mt-1 text-sm font-medium text-brand-primary-strong">{name}</p>
      <SafeHtmlBlock className="mt-3 flex-1 text-sm text-muted" html={session.descriptionHtml} />
      <div className="mt-4">
        {link ? (
          <ExternalLinkButton href={link}>Join the Session</ExternalLinkButton>
        ) : (
          <p className="text-sm font-medium text-muted">{EMBED_MESSAGES.noSessionLink}</p>
        )}
      </div>
    </li>
  );
}

export function ImplementationSessionsGrid(props: Props) {
  if (props.state === 'loading') return <Spinner label="Loading implementation sessions..." />;
  if (props.state === 'error')
    return (
      <p role="alert" className="p-6 text-center text-muted">
        {EMBED_MESSAGES.implementationError}
      </p>
    );
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {props.sessions.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
    </ul>
  );
}
