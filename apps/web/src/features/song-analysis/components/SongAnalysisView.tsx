import type { ChordSheet } from "@tonic/theory";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSeo } from "@/lib/seo";
import { type PlayerHandle, usePlayerTime } from "../hooks/usePlayerTime";
import type { SheetSource } from "../hooks/useSheetVersion";
import type { SongAnalysis } from "../lib/song-model";
import { SongSheet } from "./SongSheet";
import { YouTubeEmbed } from "./YouTubeEmbed";

export type { SongAnalysis } from "../lib/song-model";

/** PRODUCT §9: playback starts about 300 ms after a new analysis was counted. */
export const PLAYBACK_START_DELAY_MS = 300;

/**
 * The Song analysis screen (PRODUCT §2): player (audio element for local audio, the YouTube IFrame player for
 * videos; both behind {@link PlayerHandle}) and the {@link SongSheet} (key, BPM, transpose, capo, practice
 * controls, diagrams, the chord grid or the Chord Timeline, exports), with the user's corrected version when
 * `sheetSource` says where it is kept (issue 30).
 * @param previewSeconds when set (signed-out visitors: 10), playback is paused at this time and
 *   `onPreviewEnd` is called (PRODUCT §4).
 * @param autoPlay start playback {@link PLAYBACK_START_DELAY_MS} after the player is ready.
 */
export function SongAnalysisView({
  analysis,
  audioUrl,
  youtubeId,
  previewSeconds,
  onPreviewEnd,
  autoPlay = false,
  sheetSource = null,
  shared,
}: {
  analysis: SongAnalysis;
  /** Where the user's corrected version of this song is kept (null: no editing). */
  sheetSource?: SheetSource | null;
  /** A shared version shown read-only instead of the analysis. */
  shared?: ChordSheet;
  audioUrl?: string;
  youtubeId?: string;
  previewSeconds?: number;
  onPreviewEnd?: () => void;
  autoPlay?: boolean;
}) {
  useSeo({
    title: `${analysis.title}: chords, key and tempo`,
    description: `The chords of ${analysis.title}, bar by bar, with its key and tempo, following the music as it plays.`,
  });
  const audioRef = useRef<HTMLAudioElement>(null);
  const [ready, setReady] = useState(false);
  const [ytPlayer, setYtPlayer] = useState<PlayerHandle | null>(null);
  const audioPlayer = useMemo<PlayerHandle | null>(
    () =>
      ready
        ? {
            getCurrentTime: () => audioRef.current?.currentTime ?? 0,
            seekTo: (s) => {
              if (audioRef.current) audioRef.current.currentTime = s;
            },
            play: () => void audioRef.current?.play().catch(() => {}),
            pause: () => audioRef.current?.pause(),
            setPlaybackRate: (r) => {
              const a = audioRef.current;
              if (!a) return;
              a.preservesPitch = true;
              a.playbackRate = r;
            },
            isPaused: () => audioRef.current?.paused ?? true,
          }
        : null,
    [ready],
  );
  const player = youtubeId ? ytPlayer : audioPlayer;
  const currentTime = usePlayerTime(player);

  const previewEndRef = useRef(onPreviewEnd);
  previewEndRef.current = onPreviewEnd;
  useEffect(() => {
    if (!player || previewSeconds === undefined || currentTime < previewSeconds) return;
    player.pause();
    previewEndRef.current?.();
  }, [player, previewSeconds, currentTime]);

  useEffect(() => {
    if (!player || !autoPlay) return;
    const id = window.setTimeout(() => player.play(), PLAYBACK_START_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [player, autoPlay]);

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6 dark:border-slate-800 dark:bg-slate-950">
      <h2 className="truncate text-xl font-bold print:hidden" title={analysis.title}>
        {analysis.title}
      </h2>
      {youtubeId ? (
        <YouTubeEmbed videoId={youtubeId} onReady={setYtPlayer} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: music without lyrics data, no captions exist
        <audio
          ref={audioRef}
          src={audioUrl}
          controls
          preload="auto"
          onLoadedMetadata={() => setReady(true)}
          className="mt-4 w-full print:hidden"
          data-testid="audio-player"
        />
      )}
      <SongSheet
        analysis={analysis}
        player={player}
        currentTime={currentTime}
        sheetSource={sheetSource}
        shared={shared}
      />
    </article>
  );
}
