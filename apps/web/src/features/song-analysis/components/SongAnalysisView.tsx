import { useEffect, useMemo, useRef, useState } from "react";
import { type PlayerHandle, usePlayerTime } from "../hooks/usePlayerTime";
import { formatSemitones, type TimedChord, transposeKey } from "../lib/timeline";
import { ChordTimeline } from "./ChordTimeline";
import { YouTubeEmbed } from "./YouTubeEmbed";

export interface SongAnalysis {
  title: string;
  key: string;
  bpm: number;
  chords: readonly TimedChord[];
  durationSeconds: number;
}

/** SPEC §9: playback starts about 300 ms after a new analysis was counted. */
export const PLAYBACK_START_DELAY_MS = 300;

/**
 * The Song analysis screen (SPEC §2): player (audio element for local audio, the YouTube IFrame player for
 * videos; both behind {@link PlayerHandle}), Key, BPM, Transpose and the Chord Timeline.
 * @param previewSeconds when set (signed-out visitors: 10), playback is paused at this time and
 *   `onPreviewEnd` is called (SPEC §4).
 * @param autoPlay start playback {@link PLAYBACK_START_DELAY_MS} after the player is ready.
 */
export function SongAnalysisView({
  analysis,
  audioUrl,
  youtubeId,
  previewSeconds,
  onPreviewEnd,
  autoPlay = false,
}: {
  analysis: SongAnalysis;
  audioUrl?: string;
  youtubeId?: string;
  previewSeconds?: number;
  onPreviewEnd?: () => void;
  autoPlay?: boolean;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [transpose, setTranspose] = useState(0);
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
      <h2 className="truncate text-xl font-bold" title={analysis.title}>
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
          className="mt-4 w-full"
          data-testid="audio-player"
        />
      )}
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-violet-50 p-4 dark:bg-violet-950/40">
          <dt className="text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Key
          </dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="song-key">
            {transposeKey(analysis.key, transpose)}
          </dd>
        </div>
        <div className="rounded-xl bg-amber-50 p-4 dark:bg-amber-950/40">
          <dt className="text-xs font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-300">
            BPM
          </dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="song-bpm">
            {Math.round(analysis.bpm)}
          </dd>
        </div>
        <div className="col-span-2 rounded-xl bg-slate-50 p-4 sm:col-span-1 dark:bg-slate-900">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            Transpose
          </dt>
          <dd className="mt-1 flex items-center gap-3">
            <button
              type="button"
              aria-label="Transpose down one semitone"
              onClick={() => setTranspose((t) => t - 1)}
              className="h-11 w-11 rounded-lg border border-slate-300 text-xl font-bold hover:bg-white dark:border-slate-600 dark:hover:bg-slate-800"
            >
              -
            </button>
            <output
              className="min-w-8 text-center text-2xl font-bold"
              aria-live="polite"
              data-testid="transpose-value"
            >
              {formatSemitones(transpose)}
            </output>
            <button
              type="button"
              aria-label="Transpose up one semitone"
              onClick={() => setTranspose((t) => t + 1)}
              className="h-11 w-11 rounded-lg border border-slate-300 text-xl font-bold hover:bg-white dark:border-slate-600 dark:hover:bg-slate-800"
            >
              +
            </button>
          </dd>
        </div>
      </dl>
      <ChordTimeline
        chords={analysis.chords}
        durationSeconds={analysis.durationSeconds}
        currentTime={currentTime}
        transpose={transpose}
        onSeek={(s) => player?.seekTo(s)}
      />
    </article>
  );
}
