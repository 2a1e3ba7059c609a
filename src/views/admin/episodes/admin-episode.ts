/** An episode as the admin's episodes screen shows it (src/views/admin/EpisodesView.tsx). */
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
