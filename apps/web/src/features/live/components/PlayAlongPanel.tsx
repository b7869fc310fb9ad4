import { useQuery } from "@tanstack/react-query";
import {
  type BarResult,
  barsFromChords,
  barsPlayed,
  type PlayBar,
  type PlayedSample,
  scoreBars,
  songTimeOf,
  type TakeAnchor,
} from "@tonic/analysis";
import { prettyAccidentals, spellChord, spellKey } from "@tonic/theory";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useSettingsStore } from "@/stores/settings";
import {
  getPlayAlongMySongs,
  getPlayAlongSongByValue,
  getPlayAlongSongs,
  MY_SONG_PREFIX,
  type PlayAlongSong,
} from "../api/get-play-along-songs";

const SPEEDS = [0.5, 0.75, 1] as const;

type Phase = "pick" | "ready" | "loading" | "playing" | "scoring" | "done";

/**
 * The longest a finished take waits for the listener to catch up with the microphone, ms: a busy device
 * decides chords seconds after it hears them, and the take's last bars must not be scored as silent; a
 * listener that has stopped answering is not waited for past this.
 */
const CATCH_UP_LIMIT_MS = 30_000;

/**
 * Play along: pick a song from My songs (files analysed on this device) or the song store; it plays (at the chosen speed) while Tonic listens, and
 * every bar is marked hit or missed by comparing the chord played with the song's chord.
 */
export function PlayAlongPanel({
  listening,
  startListening,
  stopListening,
  onChord,
  streamTime,
}: {
  listening: boolean;
  startListening: () => Promise<void>;
  stopListening: () => void;
  /** Chord updates with the stream time (audio clock, s) of the frame each was decided on. */
  onChord: (fn: (chord: string, streamTime: number) => void) => () => void;
  /** The microphone stream's time now, s (null when not listening). */
  streamTime: () => number | null;
}) {
  // Chords and key as every screen writes them (@tonic/theory: by the song's key, or Sharps only).
  const naming = useSettingsStore((st) => st.settings.noteNaming);
  const songs = useQuery({ queryKey: ["live", "songs"], queryFn: () => getPlayAlongSongs() });
  const mySongs = useQuery({ queryKey: ["live", "my-songs"], queryFn: () => getPlayAlongMySongs() });
  const [songId, setSongId] = useState("");
  const song = useQuery({
    queryKey: ["live", "song", songId],
    queryFn: () => getPlayAlongSongByValue(songId),
    enabled: songId !== "",
    // A My song's audio is an object URL made for this pick: fetched once per pick (a refetch would swap
    // the URL under a take in progress) and never reused after it is revoked.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [speed, setSpeed] = useState<number>(1);
  const [phase, setPhase] = useState<Phase>("pick");
  const [songTime, setSongTime] = useState(0);
  const [results, setResults] = useState<{ bars: BarResult[]; score: number } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const samples = useRef<PlayedSample[]>([]);
  const clock = useRef<{ t0: number; speed: number } | null>(null);
  /**
   * Where the song started on the microphone's audio clock ({@link songTimeOf}): a busy device that shows
   * chords late is not scored as playing late.
   */
  const anchor = useRef<TakeAnchor | null>(null);
  /** Stream time of the newest chord decision heard, s. */
  const lastHeard = useRef(Number.NEGATIVE_INFINITY);
  const selectId = useId();

  const s: PlayAlongSong | null | undefined = song.data;
  // Release a My song's object URL when another song is picked or the panel closes.
  useEffect(() => {
    const url = s?.audioUrl;
    return () => {
      if (url?.startsWith("blob:")) URL.revokeObjectURL(url);
    };
  }, [s]);
  const duration = s ? (s.durationSeconds ?? (s.chords.at(-1)?.time ?? 0) + 4) : 0;
  const bars: PlayBar[] = useMemo(() => (s ? barsFromChords(s.chords, duration, s.bpm) : []), [s, duration]);

  useEffect(() => {
    if (s) setPhase("ready");
    setResults(null);
  }, [s]);

  const now = useCallback((): number => {
    if (audio.current && s?.audioUrl) return audio.current.currentTime;
    const c = clock.current;
    return c ? ((performance.now() - c.t0) / 1000) * c.speed : 0;
  }, [s]);

  /** A finished take waiting for the listener's decisions to reach `stopAt` (stream time, s). */
  const catchUp = useRef<{ stopAt: number; done: () => void } | null>(null);
  useEffect(
    () => () => {
      catchUp.current = null;
    },
    [],
  );

  const finish = useCallback(() => {
    if (phase !== "playing") return;
    const t = now();
    audio.current?.pause();
    clock.current = null;
    const stopAt = streamTime();
    let timer = 0;
    const done = () => {
      if (catchUp.current?.done !== done) return;
      catchUp.current = null;
      window.clearTimeout(timer);
      // What the microphone heard after "Finish" is not the take.
      const heard = samples.current.filter((x) => x.time <= t);
      setResults(scoreBars(barsPlayed(bars, t), heard));
      setPhase("done");
      stopListening();
    };
    catchUp.current = { stopAt: stopAt ?? Number.NEGATIVE_INFINITY, done };
    setPhase("scoring");
    if (stopAt === null || lastHeard.current >= stopAt) done();
    else timer = window.setTimeout(done, CATCH_UP_LIMIT_MS);
  }, [phase, bars, now, stopListening, streamTime]);

  // Record what the display shows against song time while playing, and until the listener has caught up
  // with the moment the take finished.
  useEffect(() => {
    if (phase !== "playing" && phase !== "scoring") return;
    return onChord((chord, heardAt) => {
      lastHeard.current = heardAt;
      const a = anchor.current;
      if (a) samples.current.push({ time: songTimeOf(a, heardAt), chord });
      const c = catchUp.current;
      if (c && heardAt >= c.stopAt) c.done();
    });
  }, [phase, onChord]);

  // The song's clock while playing.
  useEffect(() => {
    if (phase !== "playing") return;
    let raf = 0;
    const tick = () => {
      const t = now();
      setSongTime(t);
      if (t >= duration) {
        finish();
        return;
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [phase, now, duration, finish]);

  const begin = async () => {
    samples.current = [];
    lastHeard.current = Number.NEGATIVE_INFINITY;
    setResults(null);
    setSongTime(0);
    const el = s?.audioUrl ? audio.current : null;
    // Load the song first, then open the microphone, then play: the take starts with the song.
    if (el && el.readyState < HTMLMediaElement.HAVE_ENOUGH_DATA) {
      setPhase("loading");
      await new Promise<void>((resolve) => {
        const done = () => {
          el.removeEventListener("canplaythrough", done);
          el.removeEventListener("error", done);
          resolve();
        };
        el.addEventListener("canplaythrough", done);
        el.addEventListener("error", done);
        el.load();
      });
    }
    if (!listening) await startListening();
    if (el) {
      el.currentTime = 0;
      el.playbackRate = speed;
      await el.play().catch((err: unknown) => console.warn("Play-along: the song did not play", err));
    } else {
      clock.current = { t0: performance.now(), speed };
    }
    const streamNow = streamTime();
    anchor.current = streamNow === null ? null : { stream: streamNow, song: now(), speed };
    setPhase("playing");
  };

  /** A bar's state and, once played, the chord heard most in it. */
  const barState = (b: PlayBar): { st: "hit" | "miss" | "current" | "next"; played?: string } => {
    const r = results?.bars.find((x) => x.start === b.start);
    if (r) return { st: r.hit ? "hit" : "miss", played: r.played };
    if (phase === "playing" && songTime >= b.start && songTime < b.end) return { st: "current" };
    if (phase === "playing" && songTime >= b.end) {
      const live = scoreBars([b], samples.current).bars[0];
      return { st: live?.hit ? "hit" : "miss", played: live?.played };
    }
    return { st: "next" };
  };

  const hits = results ? results.bars.filter((b) => b.hit).length : 0;

  return (
    <section
      aria-labelledby="playalong-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="playalong-title"
        className="text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300"
      >
        Play along
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Pick a song and play its chords while it plays. Use headphones, so Tonic hears you and not the song.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={selectId} className="block text-sm font-medium">
            Song
          </label>
          <select
            id={selectId}
            value={songId}
            disabled={phase === "playing" || phase === "scoring"}
            onChange={(e) => setSongId(e.currentTarget.value)}
            className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-950"
          >
            <option value="">{songs.isLoading ? "Loading songs…" : "Choose a song"}</option>
            {(mySongs.data ?? []).length > 0 && (
              <optgroup label="My songs">
                {(mySongs.data ?? []).map((x) => (
                  <option key={x.id} value={`${MY_SONG_PREFIX}${x.id}`}>
                    {x.title}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="Song store">
              {(songs.data ?? []).map((x) => (
                <option key={x.videoId} value={x.videoId}>
                  {x.title}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Speed</legend>
          <div className="mt-1 inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
            {SPEEDS.map((v) => (
              <label
                key={v}
                className="flex min-h-9 min-w-14 cursor-pointer items-center justify-center rounded-lg px-2 text-sm font-semibold text-slate-600 has-[:checked]:bg-white has-[:checked]:text-violet-700 has-[:checked]:shadow has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-violet-500 dark:text-slate-300 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-violet-300"
              >
                <input
                  type="radio"
                  name="playalong-speed"
                  value={v}
                  checked={speed === v}
                  disabled={phase === "playing" || phase === "scoring"}
                  onChange={() => setSpeed(v)}
                  className="sr-only"
                />
                {Math.round(v * 100)}%
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {songs.isError && (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          Songs could not be loaded. Try again later.
        </p>
      )}
      {song.isError && (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          This song could not be loaded.
        </p>
      )}
      {s && (
        <>
          {s.audioUrl && (
            // biome-ignore lint/a11y/useMediaCaption: the song is demo audio or the user's own file.
            <audio
              ref={audio}
              src={s.audioUrl}
              preload="auto"
              data-testid="playalong-audio"
              onEnded={() => phase === "playing" && finish()}
            />
          )}
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {s.title} · {s.key ? prettyAccidentals(spellKey(s.key, naming) ?? s.key) : "—"} ·{" "}
            {s.bpm === null ? "—" : Math.round(s.bpm)} BPM · {bars.length} bars
            {!s.audioUrl && " · this song's video is not played here: follow the chord chart"}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {phase !== "playing" ? (
              <button
                type="button"
                disabled={phase === "loading" || phase === "scoring"}
                onClick={() => void begin()}
                className="min-h-11 rounded-lg bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700"
              >
                {phase === "loading"
                  ? "Loading the song…"
                  : phase === "scoring"
                    ? "Scoring your take…"
                    : phase === "done"
                      ? "Play again"
                      : "Start play-along"}
              </button>
            ) : (
              <button
                type="button"
                onClick={finish}
                className="min-h-11 rounded-lg bg-rose-600 px-5 font-semibold text-white hover:bg-rose-700"
              >
                Finish and score
              </button>
            )}
            {phase === "playing" && (
              <span
                className="text-sm tabular-nums text-slate-600 dark:text-slate-400"
                data-testid="playalong-time"
              >
                {songTime.toFixed(1)} s
              </span>
            )}
          </div>
          {results && (
            <p
              data-testid="playalong-score"
              data-score={results.score.toFixed(3)}
              className="mt-4 text-2xl font-bold"
            >
              Score: {Math.round(results.score * 100)}%{" "}
              <span className="text-base font-medium text-slate-600 dark:text-slate-400">
                ({hits} of {results.bars.length} bars)
              </span>
            </p>
          )}
          <ol
            aria-label="Bars"
            data-testid="playalong-bars"
            className="mt-4 grid grid-cols-4 gap-2 sm:grid-cols-8"
          >
            {bars.map((b) => {
              const { st, played } = barState(b);
              return (
                <li
                  key={b.start}
                  data-state={st}
                  data-played={played}
                  className={`flex min-h-12 flex-col items-center justify-center rounded-lg border text-sm font-semibold ${
                    st === "hit"
                      ? "border-emerald-300 bg-emerald-100 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                      : st === "miss"
                        ? "border-rose-300 bg-rose-100 text-rose-800 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-200"
                        : st === "current"
                          ? "border-violet-500 bg-violet-600 text-white"
                          : "border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300"
                  }`}
                >
                  {prettyAccidentals(spellChord(b.chord, s.key, naming))}
                  <span className="sr-only">{st === "hit" ? " hit" : st === "miss" ? " missed" : ""}</span>
                  {st === "miss" && (
                    <span className="text-xs font-medium">
                      <span className="sr-only">, you played </span>
                      <span aria-hidden="true">played </span>
                      {played === "N" || !played
                        ? "nothing"
                        : prettyAccidentals(spellChord(played, s.key, naming))}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
