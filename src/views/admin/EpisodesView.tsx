/**
 * /admin/editions/{slug}/episodes: each day's episodes (decision 0020), with a form to add
 * one by uploading audio or giving an external URL, and per episode a form to change or delete
 * it. The forms post multipart to the same address, where the Node server streams the upload
 * (src/server/episodes/admin-episode-routes.ts) and comes back here with an outcome.
 */
import { dayHeading } from '../../domain/day-title.ts';
import { Field } from '../../components/form/Field.tsx';
import { FileField } from '../../components/form/FileField.tsx';
import { DELETE_CONFIRMATION } from '../../domain/podcast/episode-form.ts';
import { CARD, DANGER_BUTTON, FILE_INPUT, INPUT, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { Notice, ProblemList } from './editions/notices.tsx';

export interface AdminEpisode {
  id: number;
  day: number;
  position: number;
  title: string;
  description: string;
  speaker: string;
  artwork: string;
  /** "MP3 file, 6:52, 27.8 KB", "External: https://…" or "External player: https://…". */
  source: string;
  /** The length the host stated ("2:15:30"), empty when it is measured from the audio. */
  statedLength: string;
  /** Where an admin can listen: the stored file or the external URL. */
  listenUrl: string | null;
  /** "WebVTT, 12 passages"; null without a transcript. */
  transcript: string | null;
  /** "4 chapters"; null without chapters. */
  chapters: string | null;
  /** Counted downloads: they stay in the insights when the episode is deleted. */
  downloads: number;
}

export interface EpisodesViewProps {
  slug: string;
  editionName: string;
  days: { day: number; title: string; episodes: AdminEpisode[] }[];
  notice?: string | undefined;
  problem?: string | undefined;
  /** "500 MB". */
  uploadLimit: string;
}

function TextField({
  id,
  name,
  label,
  defaultValue,
  required,
  type = 'text',
  help,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string | number | undefined;
  required?: boolean;
  type?: 'text' | 'number' | 'url';
  help?: string;
}) {
  return (
    <Field id={id} name={name} label={label} required={required} help={help} adminField={false}>
      {(control) => (
        <input {...control} type={type} defaultValue={defaultValue} min={type === 'number' ? 0 : undefined} className={INPUT} />
      )}
    </Field>
  );
}

function EpisodeFields({ prefix, episode, day }: { prefix: string; episode?: AdminEpisode; day: number }) {
  return (
    <>
      <input type="hidden" name="day" value={day} />
      <TextField id={`${prefix}-title`} name="title" label="Title" required defaultValue={episode?.title} />
      <TextField id={`${prefix}-speaker`} name="speaker" label="Speaker" defaultValue={episode?.speaker} />
      <Field
        id={`${prefix}-description`}
        name="description"
        label="Description"
        help="Markdown; links and formatting are kept, anything unsafe is removed."
        adminField={false}
      >
        {(control) => <textarea {...control} rows={3} defaultValue={episode?.description} className={INPUT} />}
      </Field>
      <TextField
        id={`${prefix}-artwork`}
        name="artwork"
        label="Artwork URL"
        defaultValue={episode?.artwork}
        help="Optional, square, at least 1400 px; empty uses the brand’s artwork."
      />
      <TextField
        id={`${prefix}-length`}
        name="statedLength"
        label="Length (optional)"
        defaultValue={episode?.statedLength}
        help="h:mm:ss or m:ss, for example 2:15:30. Empty: measured from the audio file. State it for a sample file or an external player."
      />
      <TextField
        id={`${prefix}-position`}
        name="position"
        label="Order within the day"
        type="number"
        defaultValue={episode?.position ?? 0}
      />
    </>
  );
}

function AudioFields({ prefix, uploadLimit, replacing }: { prefix: string; uploadLimit: string; replacing: boolean }) {
  return (
    <fieldset className="space-y-3 rounded-xl p-4 ring-1 ring-ink/10">
      <legend className="px-1 font-semibold">{replacing ? 'Replace the audio (optional)' : 'Audio'}</legend>
      <FileField
        id={`${prefix}-audio`}
        name="audio"
        label="Audio file"
        help={`MP3, M4A/AAC or Ogg/Opus, up to ${uploadLimit}. Duration and size are read from the file.`}
        adminField={false}
        accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,audio/opus,.mp3,.m4a,.aac,.ogg,.opus"
        className={FILE_INPUT}
      />
      <TextField
        id={`${prefix}-external`}
        name="externalUrl"
        label="Or an external audio URL"
        type="url"
        help="An https:// address of the audio file where you host it."
      />
      <Field
        id={`${prefix}-embed`}
        name="embedUrl"
        label="Or an external player"
        help="The player page’s https:// address on your audio host, or its iframe snippet. It plays on the day page and dashboard; podcast apps need an audio file or URL."
        adminField={false}
      >
        {(control) => <textarea {...control} rows={2} className={INPUT} />}
      </Field>
    </fieldset>
  );
}

function RemoveBox({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <input id={id} name={name} type="checkbox" className="size-4" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The transcript (WCAG 1.2.1: a text alternative for the audio) and the optional chapters file. */
function TextFields({ prefix, episode }: { prefix: string; episode?: AdminEpisode }) {
  return (
    <fieldset className="space-y-3 rounded-xl p-4 ring-1 ring-ink/10">
      <legend className="px-1 font-semibold">Transcript and chapters</legend>
      {episode ? (
        <p className="text-sm text-muted" data-episode-texts="">
          Transcript: {episode.transcript ?? 'none yet'}. Chapters: {episode.chapters ?? 'none'}.
        </p>
      ) : null}
      <FileField
        id={`${prefix}-transcript`}
        name="transcript"
        label={episode?.transcript ? 'Replace the transcript' : 'Transcript'}
        help="WebVTT, SRT or plain text (UTF-8), up to 1 MB. Shown under the player and in podcast apps."
        adminField={false}
        accept=".vtt,.srt,.txt,text/vtt,text/plain,application/x-subrip"
        className={FILE_INPUT}
      />
      {episode?.transcript ? <RemoveBox id={`${prefix}-remove-transcript`} name="removeTranscript" label="Remove the transcript" /> : null}
      <FileField
        id={`${prefix}-chapters`}
        name="chapters"
        label={episode?.chapters ? 'Replace the chapters' : 'Chapters (optional)'}
        help="A podcast JSON chapters file (version and chapters with startTime), up to 200 KB."
        adminField={false}
        accept=".json,application/json"
        className={FILE_INPUT}
      />
      {episode?.chapters ? <RemoveBox id={`${prefix}-remove-chapters`} name="removeChapters" label="Remove the chapters" /> : null}
    </fieldset>
  );
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
          <input type="hidden" name="action" value="update" />
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
      <input type="hidden" name="action" value="delete" />
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
              <input type="hidden" name="action" value="create" />
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
