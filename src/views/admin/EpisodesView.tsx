/**
 * /admin/editions/{slug}/episodes: each day's episodes (decision 0020), with a form to add
 * one by uploading audio or giving an external URL, and per episode a form to change or delete
 * it. The forms post multipart to the same address, where the Node server streams the upload
 * (src/server/episodes/admin-episode-routes.ts) and comes back here with an outcome.
 */
import { dayHeading } from '../../domain/day-title.ts';
import { Field } from '../../components/form/Field.tsx';
import { DELETE_CONFIRMATION } from '../../domain/podcast/episode-form.ts';
import { CARD, DANGER_BUTTON, INPUT, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { Notice, ProblemList } from './editions/notices.tsx';
import type { AdminEpisode } from './episodes/admin-episode.ts';
import { AudioFields, EpisodeFields, TextFields } from './episodes/EpisodeFields.tsx';
import { episodeActions } from '../../domain/admin-actions.ts';

export type { AdminEpisode } from './episodes/admin-episode.ts';

export interface EpisodesViewProps {
  slug: string;
  editionName: string;
  days: { day: number; title: string; episodes: AdminEpisode[] }[];
  notice?: string | undefined;
  problem?: string | undefined;
  /** "500 MB". */
  uploadLimit: string;
}

function EpisodeCard({ slug, episode, uploadLimit }: { slug: string; episode: AdminEpisode; uploadLimit: string }) {
  const prefix = `episode-${episode.id}`;
  return (
    <li data-admin-episode={episode.id} className="rounded-xl p-4 ring-1 ring-ink/10">
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold">{episode.title}</span>
          {episode.speaker ? <span className="text-muted"> · {episode.speaker}</span> : null}
          <span className="block text-sm text-muted">{episode.source}</span>
          <span className="block text-sm text-muted">{episode.transcript ? `Transcript: ${episode.transcript}` : 'No transcript yet'}</span>
        </summary>
        {episode.listenUrl ? <audio className="mt-3 w-full" controls preload="none" src={episode.listenUrl} /> : null}
        <form method="post" action={`/admin/editions/${slug}/episodes`} encType="multipart/form-data" className="mt-4 space-y-3">
          <input type="hidden" name="action" value={episodeActions.enum.update} />
          <input type="hidden" name="id" value={episode.id} />
          <EpisodeFields prefix={prefix} episode={episode} day={episode.day} />
          <AudioFields prefix={prefix} uploadLimit={uploadLimit} replacing />
          <TextFields prefix={prefix} episode={episode} />
          <button type="submit" className={PRIMARY_BUTTON}>
            Save episode
          </button>
        </form>
        <DeleteEpisode slug={slug} episode={episode} />
      </details>
    </li>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Deleting an episode, confirmed by typing a word, as deleting an edition is by its slug: one click deletes nothing. */
function DeleteEpisode({ slug, episode }: { slug: string; episode: AdminEpisode }) {
  const id = `episode-${episode.id}-confirm`;
  return (
    <form
      method="post"
      action={`/admin/editions/${slug}/episodes`}
      encType="multipart/form-data"
      className="mt-4 space-y-3 rounded-xl p-4 ring-1 ring-red-200"
      data-delete-episode={episode.id}
    >
      <input type="hidden" name="action" value={episodeActions.enum.delete} />
      <input type="hidden" name="id" value={episode.id} />
      <p className="text-sm text-muted">
        Deleting removes the episode from its day page, the dashboard and the private feed, with its audio file, transcript and chapters.
        Its listening history ({plural(episode.downloads, 'counted download')}) stays in the insights, under its title.
      </p>
      <Field
        id={id}
        name="confirm"
        label={
          <>
            Type <span className="font-mono">{DELETE_CONFIRMATION}</span> to confirm
          </>
        }
        adminField={false}
      >
        {(control) => <input {...control} type="text" autoComplete="off" className={INPUT} />}
      </Field>
      <button type="submit" className={DANGER_BUTTON} aria-label={`Delete episode ${episode.title}`}>
        Delete the episode
      </button>
    </form>
  );
}

export function EpisodesView({ slug, editionName, days, notice, problem, uploadLimit }: EpisodesViewProps) {
  return (
    <div className="max-w-4xl space-y-8">
      <Notice message={notice} />
      <ProblemList title="The episode was not saved" problems={problem ? [problem] : undefined} />
      <p className="text-sm text-muted">
        The episodes of {editionName}, day by day. Registrants hear each day’s episodes in their private feed once the day opens for them.{' '}
        <a className="underline" href={`/admin/editions/${slug}`}>
          Back to the edition
        </a>
      </p>
      {days.map(({ day, title, episodes }) => (
        <section key={day} id={`day-${day}`} aria-labelledby={`day-${day}-heading`} className={CARD}>
          <h2 id={`day-${day}-heading`} className="font-serif text-xl font-bold">
            {dayHeading(day, title)}
          </h2>
          {episodes.length ? (
            <ul className="mt-4 space-y-3">
              {episodes.map((episode) => (
                <EpisodeCard key={episode.id} slug={slug} episode={episode} uploadLimit={uploadLimit} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted">No episodes yet.</p>
          )}
          <details className="mt-4">
            <summary className="cursor-pointer font-semibold">Add an episode to day {day}</summary>
            <form
              method="post"
              action={`/admin/editions/${slug}/episodes`}
              encType="multipart/form-data"
              className="mt-4 space-y-3"
              data-add-episode={day}
            >
              <input type="hidden" name="action" value={episodeActions.enum.create} />
              <EpisodeFields prefix={`new-${day}`} day={day} />
              <AudioFields prefix={`new-${day}`} uploadLimit={uploadLimit} replacing={false} />
              <TextFields prefix={`new-${day}`} />
              <button type="submit" className={PRIMARY_BUTTON}>
                Add episode
              </button>
            </form>
          </details>
        </section>
      ))}
    </div>
  );
}
