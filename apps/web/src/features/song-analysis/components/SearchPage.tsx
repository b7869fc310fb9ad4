import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchIcon } from "@/components/icons";
import { FileAnalyzer } from "./FileAnalyzer";

/** /search (SPEC §2): the search box (q kept in the address bar) and the local-file analysis. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    setParams(query ? { q: query } : {});
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Song Analysis</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Key, tempo and a second-by-second chord timeline.
      </p>
      <search>
        {" "}
        <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="song-search" className="sr-only">
            Search songs or paste YouTube URL
          </label>
          <input
            id="song-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search songs or paste YouTube URL..."
            className="min-h-12 flex-1 rounded-xl border border-slate-300 bg-white px-4 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900"
          />
          <button
            type="submit"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-violet-600 px-6 font-semibold text-white hover:bg-violet-700"
          >
            <SearchIcon width={20} height={20} /> Search
          </button>
        </form>
      </search>
      {q && (
        <p
          role="status"
          className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Searching YouTube and analysing links is not available yet. Meanwhile you can analyze your own audio
          file below.
        </p>
      )}
      <div className="mt-8">
        <FileAnalyzer />
      </div>
    </div>
  );
}
