import { useQuery } from "@tanstack/react-query";
import { classifySearchInput } from "@tonic/youtube";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchIcon } from "@/components/icons";
import { SearchResults } from "@/components/songs/SearchResults";
import { useOnline } from "@/lib/hooks/useOnline";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { fetchCapabilities, searchSongs } from "@/lib/songs/api";
import { songInputHints } from "@/lib/songs/availability";
import { isVideoId } from "@/lib/songs/links";
import { FileAnalyzer } from "./FileAnalyzer";
import { LinkAnalysis } from "./LinkAnalysis";
import { MySongs } from "./MySongs";

/** The demo song "Watch Demo" opens (seeded by the server, audio rendered locally). */
const DEMO_VIDEO_ID = "demo-c-major-pop";

function Notice({ tone, children }: { tone: "error" | "info"; children: string }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mt-4 rounded-xl p-4 text-sm ${
        tone === "error"
          ? "bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200"
          : "bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      }`}
    >
      {children}
    </p>
  );
}

/**
 * /search (PRODUCT §2): the search box (q kept in the address bar on every search), YouTube result cards,
 * link analysis of `v` (or of a pasted link) with its progress screen and the Song analysis screen, and
 * the local-file analyzer.
 */
export function SearchPage() {
  useSeo(ROUTE_SEO.search);
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const vParam = params.get("v");
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const input = classifySearchInput(q);
  // Home's "Watch Demo" opens /search?demo=1: show a demo song from the local song store.
  const demo = params.get("demo") === "1" ? DEMO_VIDEO_ID : null;
  const videoId = vParam && isVideoId(vParam) ? vParam : input.kind === "link" ? input.videoId : demo;
  const textQuery = !videoId && input.kind === "text" && input.query ? input.query : null;

  const capabilities = useQuery({
    queryKey: ["songs", "capabilities"],
    queryFn: fetchCapabilities,
    staleTime: 60_000,
  });
  const online = useOnline();
  const hints = songInputHints(capabilities.data, online, "search");
  const search = useQuery({
    queryKey: ["songs", "search", textQuery],
    queryFn: () => searchSongs(textQuery ?? ""),
    enabled: textQuery !== null && online && capabilities.data?.search === true,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    setParams(query ? { q: query } : {});
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:px-6">
      <h1 className="print-hide text-3xl font-bold tracking-tight">Song Analysis</h1>
      <p className="print-hide mt-1 text-slate-600 dark:text-slate-400">
        Key, tempo and the chords of a song, bar by bar, ready to play along.
      </p>
      <search>
        <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="song-search" className="sr-only">
            Search songs or paste YouTube URL
          </label>
          <input
            id="song-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={hints.placeholder}
            className="min-h-12 flex-1 rounded-xl border border-slate-300 bg-white px-4 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900"
          />
          <button
            type="submit"
            disabled={search.isFetching}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-violet-600 px-6 font-semibold text-white hover:bg-violet-700 disabled:opacity-70"
          >
            {search.isFetching ? (
              <span
                className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
                aria-hidden
              />
            ) : (
              <SearchIcon width={20} height={20} />
            )}
            {search.isFetching ? "Searching…" : "Search"}
          </button>
        </form>
      </search>

      {!videoId && input.kind === "invalid-link" && <Notice tone="error">{input.message}</Notice>}
      {textQuery && hints.searchUnavailable && <Notice tone="info">{hints.searchUnavailable}</Notice>}
      {search.isError && !hints.searchUnavailable && <Notice tone="error">{search.error.message}</Notice>}
      {search.data && search.data.length === 0 && (
        <Notice tone="info">{`No songs found for "${textQuery}".`}</Notice>
      )}
      {search.data && search.data.length > 0 && !videoId && (
        <SearchResults results={search.data} onPick={(id) => setParams({ q, v: id })} />
      )}

      {videoId && (
        <div className="song-slot mt-8">
          <LinkAnalysis videoId={videoId} />
        </div>
      )}
      <div className="song-slot mt-8">
        <FileAnalyzer />
      </div>
      <div className="song-slot mt-8">
        <MySongs />
      </div>
    </div>
  );
}
