import { useState } from "react";
import { MusicIcon } from "@/components/icons";
import type { SongSearchResult } from "@/lib/songs/api";

/** A video thumbnail that falls back to a music tile when the image cannot load (offline, removed). */
function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <span className="flex h-16 w-28 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-600 to-indigo-700 text-white">
        <MusicIcon width={24} height={24} />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailed(true)}
      className="h-16 w-28 shrink-0 rounded-lg bg-slate-200 object-cover"
      loading="lazy"
    />
  );
}

/**
 * Up to 5 result cards (PRODUCT §2 Home search / Search): thumbnail, title and "N min • Click to analyze".
 * @param onPick called with the video id when a card is chosen.
 */
export function SearchResults({
  results,
  onPick,
  variant = "light",
}: {
  results: readonly SongSearchResult[];
  onPick: (videoId: string) => void;
  variant?: "light" | "hero";
}) {
  return (
    <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Search results">
      {results.slice(0, 5).map((r) => (
        <li key={r.id}>
          <button
            type="button"
            onClick={() => onPick(r.id)}
            className={`flex w-full items-center gap-3 rounded-xl border p-3 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus:outline-none focus:ring-4 focus:ring-violet-300 ${
              variant === "hero"
                ? "border-white/20 bg-white/95 text-slate-900"
                : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
            }`}
          >
            <Thumb src={r.thumbnail} />
            <span className="min-w-0">
              <span className="line-clamp-2 font-semibold">{r.title}</span>
              <span className="mt-1 block text-sm text-slate-500">{r.duration} min • Click to analyze</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
