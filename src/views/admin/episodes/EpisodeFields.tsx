/**
 * The fields of an episode's forms, for adding one and for changing one: its own texts, its audio
 * (an upload, an external URL or an external player) and its text files (transcript, chapters).
 * The ids carry the form's prefix, as one screen holds a form per episode and per day.
 */
import { Field } from '../../../components/form/Field.tsx';
import { FileField } from '../../../components/form/FileField.tsx';
import { FILE_INPUT, INPUT } from '../../../components/form/styles.ts';
import type { AdminEpisode } from './admin-episode.ts';

function TextField({
  id,
  name,
  label,
  defaultValue,
  required,
  type = 'text',
  rows,
  help,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string | number | undefined;
  required?: boolean | undefined;
  type?: 'text' | 'number' | 'url' | undefined;
  /** Given: a textarea of this many rows. */
  rows?: number | undefined;
  help?: string | undefined;
}) {
  return (
    <Field id={id} name={name} label={label} required={required} help={help} adminField={false}>
      {(control) =>
        rows ? (
          <textarea {...control} rows={rows} defaultValue={defaultValue} className={INPUT} />
        ) : (
          <input {...control} type={type} defaultValue={defaultValue} min={type === 'number' ? 0 : undefined} className={INPUT} />
        )
      }
    </Field>
  );
}

interface EpisodeText {
  /** The end of the field's id, after the form's prefix. */
  key: string;
  name: 'title' | 'speaker' | 'description' | 'artwork' | 'statedLength' | 'position';
  label: string;
  required?: boolean;
  type?: 'number';
  rows?: number;
  help?: string;
  /** What the field of a new episode starts with; empty unless given. */
  newValue?: number;
}

/** An episode's own fields, in the form's order. */
const EPISODE_TEXTS: EpisodeText[] = [
  { key: 'title', name: 'title', label: 'Title', required: true },
  { key: 'speaker', name: 'speaker', label: 'Speaker' },
  {
    key: 'description',
    name: 'description',
    label: 'Description',
    rows: 3,
    help: 'Markdown; links and formatting are kept, anything unsafe is removed.',
  },
  {
    key: 'artwork',
    name: 'artwork',
    label: 'Artwork URL',
    help: 'Optional, square, at least 1400 px; empty shows the show’s artwork, set under the edition’s Podcast settings.',
  },
  {
    key: 'length',
    name: 'statedLength',
    label: 'Length (optional)',
    help: 'h:mm:ss or m:ss, for example 2:15:30. Empty: measured from the audio file. State it for a sample file or an external player.',
  },
  { key: 'position', name: 'position', label: 'Order within the day', type: 'number', newValue: 0 },
];

export function EpisodeFields({ prefix, episode, day }: { prefix: string; episode?: AdminEpisode; day: number }) {
  return (
    <>
      <input type="hidden" name="day" value={day} />
      {EPISODE_TEXTS.map(({ key, newValue, ...field }) => (
        <TextField key={key} id={`${prefix}-${key}`} defaultValue={episode ? episode[field.name] : newValue} {...field} />
      ))}
    </>
  );
}

export function AudioFields({ prefix, uploadLimit, replacing }: { prefix: string; uploadLimit: string; replacing: boolean }) {
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
      <TextField
        id={`${prefix}-embed`}
        name="embedUrl"
        label="Or an external player"
        rows={2}
        help="The player page’s https:// address on your audio host, or its iframe snippet. It plays on the day page and dashboard; podcast apps need an audio file or URL."
      />
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

/** A text file an episode may carry beside its audio, as the form offers it. */
interface EpisodeTextFile {
  name: 'transcript' | 'chapters';
  /** The label while the episode has none. */
  label: string;
  /** The checkbox that removes the file the episode has. */
  removeName: string;
  help: string;
  accept: string;
}

/** Uploading the file; when the episode has one (present), replacing or removing it. */
function EpisodeFile({ prefix, file, present }: { prefix: string; file: EpisodeTextFile; present: boolean }) {
  return (
    <>
      <FileField
        id={`${prefix}-${file.name}`}
        name={file.name}
        label={present ? `Replace the ${file.name}` : file.label}
        help={file.help}
        adminField={false}
        accept={file.accept}
        className={FILE_INPUT}
      />
      {present ? <RemoveBox id={`${prefix}-remove-${file.name}`} name={file.removeName} label={`Remove the ${file.name}`} /> : null}
    </>
  );
}

/** The transcript (WCAG 1.2.1: a text alternative for the audio) and the optional chapters file. */
const EPISODE_TEXT_FILES: EpisodeTextFile[] = [
  {
    name: 'transcript',
    label: 'Transcript',
    removeName: 'removeTranscript',
    help: 'WebVTT, SRT or plain text (UTF-8), up to 1 MB. Shown under the player and in podcast apps.',
    accept: '.vtt,.srt,.txt,text/vtt,text/plain,application/x-subrip',
  },
  {
    name: 'chapters',
    label: 'Chapters (optional)',
    removeName: 'removeChapters',
    help: 'A podcast JSON chapters file (version and chapters with startTime), up to 200 KB.',
    accept: '.json,application/json',
  },
];

/** The episode's text files, with what it has now. */
export function TextFields({ prefix, episode }: { prefix: string; episode?: AdminEpisode }) {
  return (
    <fieldset className="space-y-3 rounded-xl p-4 ring-1 ring-ink/10">
      <legend className="px-1 font-semibold">Transcript and chapters</legend>
      {episode ? (
        <p className="text-sm text-muted" data-episode-texts="">
          Transcript: {episode.transcript ?? 'none yet'}. Chapters: {episode.chapters ?? 'none'}.
        </p>
      ) : null}
      {EPISODE_TEXT_FILES.map((file) => (
        <EpisodeFile key={file.name} prefix={prefix} file={file} present={Boolean(episode?.[file.name])} />
      ))}
    </fieldset>
  );
}
