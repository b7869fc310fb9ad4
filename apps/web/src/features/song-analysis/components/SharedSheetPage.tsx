import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { useSeo } from "@/lib/seo";
import { getSharedSheet } from "../api/my-version";
import { analysisFromSheet } from "../lib/sheet";
import { SongAnalysisView } from "./SongAnalysisView";

/**
 * `/sheet/:id` (issue 30): someone's corrected chord sheet, shared read-only. No sign-in is needed; the video
 * (or a demo song's audio) plays with the sheet. A revoked or unknown link says so and offers the library.
 */
export function SharedSheetPage() {
  const { id = "" } = useParams();
  const q = useQuery({ queryKey: ["shared-sheet", id], queryFn: () => getSharedSheet(id), retry: false });
  const shared = q.data ?? null;
  useSeo({
    title: shared ? `${shared.title} — chords (shared version)` : "Shared chord sheet",
    description: shared
      ? `A corrected chord sheet of ${shared.title}: the chords bar by bar, with the song playing.`
      : "A chord sheet shared from Tonic.",
  });

  if (q.isPending) {
    return (
      <p className="p-6 text-slate-600 dark:text-slate-300" role="status">
        Opening the shared chord sheet…
      </p>
    );
  }
  if (!shared) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950">
        <h1 className="text-xl font-bold">This chord sheet isn't shared any more</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {q.isError
            ? "We couldn't open it right now. Please check your connection and try again."
            : "Its owner stopped sharing it, or the link is incomplete."}
        </p>
        <Link
          to="/song-explorer"
          className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700"
        >
          Explore songs
        </Link>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-5xl">
      <SongAnalysisView
        analysis={analysisFromSheet(shared.title, shared.sheet)}
        shared={shared.sheet}
        audioUrl={shared.audioUrl ?? undefined}
        youtubeId={shared.audioUrl ? undefined : shared.videoId}
      />
    </div>
  );
}
