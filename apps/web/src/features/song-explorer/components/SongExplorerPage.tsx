import type { SongListItem } from "@tonic/api";
import { PITCH_CLASSES, pitchClassLabel, prettyAccidentals, spellKey } from "@tonic/theory";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { SONG_LANGUAGES } from "@/lib/songs/api";
import { useSettingsStore } from "@/stores/settings";
import { useSongs } from "../api/get-songs";

const NOTES = PITCH_CLASSES;
const TYPES = [
  { value: "major", label: "Major" },
  { value: "minor", label: "Minor" },
] as const;

const selectClass =
  "min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 font-medium focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900";

function languageName(code: string): string {
  return SONG_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

function SongCard({ song, onOpen }: { song: SongListItem; onOpen: () => void }) {
  const [thumbFailed, setThumbFailed] = useState(false);
  // The key as every screen writes it ("A# Minor" → "B♭ Minor"; sharps with Settings → Note names).
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const shownKey = song.key ? prettyAccidentals(spellKey(song.key, naming) ?? song.key) : null;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="group flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus:outline-none focus:ring-4 focus:ring-violet-300 dark:border-slate-800 dark:bg-slate-900"
      >
        {song.thumbnail && !thumbFailed ? (
          <img
            src={song.thumbnail}
            alt=""
            loading="lazy"
            onError={() => setThumbFailed(true)}
            className="aspect-video w-full bg-slate-200 object-cover"
          />
        ) : (
          <span className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-violet-600 to-indigo-700 text-3xl font-extrabold text-white">
            {shownKey?.split(" ")[0] ?? "♪"}
          </span>
        )}
        <span className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
          <span className="line-clamp-2 font-semibold group-hover:text-violet-700 dark:group-hover:text-violet-300">
            {song.title}
          </span>
          <span className="mt-auto flex flex-wrap gap-2 text-xs font-semibold">
            <span className="rounded-full bg-violet-100 px-2.5 py-1 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200">
              {shownKey}
            </span>
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {languageName(song.language)}
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * /song-explorer (PRODUCT §2 "Song explorer", §5 song filters): Key, Type and Language filters (kept in
 * the address bar) and the grid of stored songs; a card opens `/search?v={video_id}`.
 */
export function SongExplorerPage() {
  useSeo(ROUTE_SEO.songExplorer);
  const [params, setParams] = useSearchParams();
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const navigate = useNavigate();
  const key = NOTES.find((n) => n === params.get("key")) ?? "";
  const type = TYPES.find((t) => t.value === params.get("type"))?.value ?? "";
  const language = SONG_LANGUAGES.find((l) => l.code === params.get("language"))?.code ?? "";
  const songs = useSongs({ key, type, language });

  const setFilter = (name: "key" | "type" | "language", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Explore Songs with the Same Scale</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Pick a key, a scale type or a language and open any song to see its chords.
      </p>
      <fieldset className="mt-6 grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-800">
        <legend className="sr-only">Filters</legend>
        <label className="text-sm font-semibold">
          Key
          <select
            className={`${selectClass} mt-1`}
            value={key}
            onChange={(e) => setFilter("key", e.target.value)}
          >
            <option value="">All keys</option>
            {NOTES.map((n) => (
              <option key={n} value={n}>
                {prettyAccidentals(pitchClassLabel(n, naming))}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Type
          <select
            className={`${selectClass} mt-1`}
            value={type}
            onChange={(e) => setFilter("type", e.target.value)}
          >
            <option value="">Major and minor</option>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Language
          <select
            className={`${selectClass} mt-1`}
            value={language}
            onChange={(e) => setFilter("language", e.target.value)}
          >
            <option value="">All languages</option>
            {SONG_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      <div className="mt-6" aria-live="polite">
        {songs.isPending && <p className="text-slate-500">Loading songs…</p>}
        {songs.isError && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            Failed to load songs. Please try again.
          </p>
        )}
        {songs.data && songs.data.length === 0 && (
          <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            No songs found matching your criteria
          </p>
        )}
        {songs.data && songs.data.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Songs">
            {songs.data.map((s) => (
              <SongCard
                key={s.id}
                song={s}
                onOpen={() => navigate(`/search?v=${encodeURIComponent(s.videoId)}`)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
