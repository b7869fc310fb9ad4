import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { linkClass } from "./Prose";

/** One shipped library, as emitted at build time into `/acknowledgments.json` (scripts/gen-licenses.mjs). */
export interface LibraryLicense {
  name: string;
  version: string;
  license: string;
  homepage?: string;
  author?: string;
  description?: string;
  notice?: string;
}

interface AcknowledgmentsFile {
  generatedAt: string;
  libraries: LibraryLicense[];
}

/** Loads the build-time licence list. */
export function useAcknowledgments() {
  return useQuery({
    queryKey: ["acknowledgments"],
    queryFn: async (): Promise<AcknowledgmentsFile> => {
      const res = await fetch("/acknowledgments.json");
      if (!res.ok) throw new Error(`Failed to load acknowledgments (${res.status})`);
      return (await res.json()) as AcknowledgmentsFile;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Special thanks (PRODUCT §2 acknowledgments: open-source libraries and special thanks). */
export function SpecialThanks() {
  return (
    <ul className="list-disc space-y-1.5 pl-6 leading-7 text-slate-700 marker:text-violet-500 dark:text-slate-300">
      <li>
        The music information retrieval community, whose published methods for key, tempo, beat and chord
        estimation our analysis engine follows.
      </li>
      <li>OpenStreetMap contributors, for the map on our contact page.</li>
      <li>Our early learners and teachers, whose feedback shaped every screen.</li>
    </ul>
  );
}

/**
 * The open-source libraries Tonic ships with their licences, generated at build time from the installed
 * dependencies. Filterable by name or licence; each entry expands to its copyright notice.
 */
export function AcknowledgmentsList() {
  const { data, isPending, isError } = useAcknowledgments();
  const [filter, setFilter] = useState("");
  const libs = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (data?.libraries ?? []).filter(
      (l) => !q || l.name.toLowerCase().includes(q) || l.license.toLowerCase().includes(q),
    );
  }, [data, filter]);
  const byLicense = useMemo(() => {
    const counts = new Map<string, number>();
    for (const l of data?.libraries ?? []) counts.set(l.license, (counts.get(l.license) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [data]);

  if (isPending) return <p role="status">Loading the list of libraries…</p>;
  if (isError || !data)
    return <p role="alert">The list of libraries could not be loaded. Please try again later.</p>;

  return (
    <div>
      <p className="text-slate-700 dark:text-slate-300">
        Tonic ships <strong>{data.libraries.length}</strong> open-source libraries:{" "}
        {byLicense.map(([license, n], i) => (
          <span key={license}>
            {i > 0 && ", "}
            {n} {license}
          </span>
        ))}
        .
      </p>
      <label htmlFor="ack-filter" className="mt-6 block text-sm font-medium">
        Filter libraries
      </label>
      <input
        id="ack-filter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Name or licence, e.g. react or MIT"
        className="mt-1 min-h-11 w-full rounded-xl border border-slate-300 bg-white px-4 focus:outline-none focus:ring-4 focus:ring-violet-300 dark:border-slate-700 dark:bg-slate-900"
      />
      <ul
        className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        aria-label="Open-source libraries"
      >
        {libs.map((l) => (
          <li key={`${l.name}@${l.version}`} className="px-4 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">
                {l.homepage ? (
                  <a href={l.homepage} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {l.name}
                  </a>
                ) : (
                  l.name
                )}{" "}
                <span className="text-sm font-normal text-slate-500 dark:text-slate-400">{l.version}</span>
              </span>
              <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900/50 dark:text-violet-200">
                {l.license}
              </span>
            </div>
            {(l.description || l.author) && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {l.description}
                {l.author ? ` — ${l.author}` : ""}
              </p>
            )}
            {l.notice && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer py-1 text-violet-700 dark:text-violet-300">
                  Licence notice
                </summary>
                <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap dark:bg-slate-900">
                  {l.notice}
                </pre>
              </details>
            )}
          </li>
        ))}
        {libs.length === 0 && <li className="px-4 py-3 text-slate-500">No library matches “{filter}”.</li>}
      </ul>
    </div>
  );
}
