import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { deleteMySong, getMySong, listMySongs, type MySong } from "@/lib/my-songs/db";
import { useSettingsStore } from "@/stores/settings";
import { fromEngine } from "../lib/song-model";
import { displayKey } from "../lib/spelling";
import { SongAnalysisView } from "./SongAnalysisView";

function formatDuration(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
}

/** A kept song opened again, with its audio when the device kept it. */
function OpenSong({ song, onClose }: { song: MySong; onClose: () => void }) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!song.audio) return;
    const u = URL.createObjectURL(song.audio);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [song.audio]);
  return (
    <div>
      {!song.audio && (
        <p
          role="status"
          className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          This device kept the chords but not the audio; choose the file again to play along.
        </p>
      )}
      <SongAnalysisView
        analysis={fromEngine(song.title, song.result)}
        audioUrl={url}
        sheetSource={{ kind: "file", id: song.id }}
      />
      <button
        type="button"
        onClick={onClose}
        className="mt-4 rounded-lg px-4 py-2 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-slate-800"
      >
        Back to My songs
      </button>
    </div>
  );
}

/**
 * "My songs": analyses of uploaded files kept on this device (IndexedDB); each re-opens instantly, without
 * analysing again. Nothing here leaves the device.
 */
export function MySongs() {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ["my-songs"],
    queryFn: listMySongs,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [open, setOpen] = useState<MySong | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (open) return <OpenSong song={open} onClose={() => setOpen(null)} />;
  if (list.isError || !list.data || list.data.length === 0) return null;

  return (
    <section
      aria-labelledby="my-songs-title"
      className="rounded-2xl border border-slate-200 p-5 md:p-6 dark:border-slate-800"
    >
      <h2 id="my-songs-title" className="text-lg font-semibold">
        My songs
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Songs you analysed, kept on this device.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        {list.data.map((s) => (
          <li key={s.id} className="flex items-center gap-3 py-2">
            <button
              type="button"
              className="min-w-0 flex-1 rounded-lg p-2 text-left hover:bg-violet-50 dark:hover:bg-slate-800"
              onClick={async () => {
                setError(null);
                const song = await getMySong(s.id).catch(() => null);
                if (song) setOpen(song);
                else setError("This song is no longer on this device.");
              }}
            >
              <span className="block truncate font-semibold">{s.title}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {displayKey(s.key, 0, naming)} · {s.bpm ? `${Math.round(s.bpm)} BPM` : "— BPM"} ·{" "}
                {formatDuration(s.durationSeconds)}
              </span>
            </button>
            <button
              type="button"
              aria-label={`Remove ${s.title} from My songs`}
              onClick={async () => {
                await deleteMySong(s.id);
                await queryClient.invalidateQueries({ queryKey: ["my-songs"] });
              }}
              className="min-h-10 rounded-lg px-3 text-sm text-slate-500 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/40"
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
