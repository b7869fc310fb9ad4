import { useMemo, useRef, useState } from "react";
import { type PlayerHandle, usePlayerTime } from "../hooks/usePlayerTime";
import { formatSemitones, type TimedChord, transposeKey } from "../lib/timeline";
import { ChordTimeline } from "./ChordTimeline";

export interface SongAnalysis {
  title: string;
  key: string;
  bpm: number;
  chords: readonly TimedChord[];
  durationSeconds: number;
}

/** The Song analysis screen (SPEC §2): player, Key, BPM, Transpose and the Chord Timeline. */
export function SongAnalysisView({ analysis, audioUrl }: { analysis: SongAnalysis; audioUrl: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [transpose, setTranspose] = useState(0);
  const [ready, setReady] = useState(false);
  const player = useMemo<PlayerHandle | null>(
    () =>
      ready
        ? {
            getCurrentTime: () => audioRef.current?.currentTime ?? 0,
            seekTo: (s) => {
              if (audioRef.current) audioRef.current.currentTime = s;
            },
          }
        : null,
    [ready],
  );
  const currentTime = usePlayerTime(player);

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6 dark:border-slate-800 dark:bg-slate-950">
      <h2 className="truncate text-xl font-bold" title={analysis.title}>
        {analysis.title}
      </h2>
      {/* biome-ignore lint/a11y/useMediaCaption: user's own music, no captions exist */}
      <audio
        ref={audioRef}
        src={audioUrl}
        controls
        preload="auto"
        onLoadedMetadata={() => setReady(true)}
        className="mt-4 w-full"
        data-testid="audio-player"
      />
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
