import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useBlogPosts } from "../api/get-posts";
import { BLOG_LANGUAGES, type BlogLanguage, formatPostDate, isBlogLanguage } from "../lib/languages";
import { ShareButton } from "./ShareButton";

/** Search text after the user paused typing for 300 ms. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** /blog (PRODUCT §2 "Blog"): "Latest Blog Posts", search, language filter, cards with share. */
export function BlogPage() {
  useSeo(ROUTE_SEO.blog);
  const [search, setSearch] = useState("");
  const [language, setLanguage] = useState<BlogLanguage | "">("");
  const q = useDebounced(search.trim());
  const { data, isPending, isError, isFetching } = useBlogPosts(language, q);
  const searchId = useId();
  const languageId = useId();
  const posts = data?.posts ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Latest Blog Posts</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Music theory in English, Hindi, Telugu, Tamil, Malayalam and Kannada.
        </p>
      </header>

      <search className="mt-6 flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search blog posts
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search posts..."
            className="min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 shadow-sm placeholder:text-slate-500 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900 dark:focus:ring-violet-900"
          />
        </div>
        <div className="sm:w-64">
          <label htmlFor={languageId} className="sr-only">
            Language
          </label>
          <select
            id={languageId}
            value={language}
            onChange={(e) => setLanguage(isBlogLanguage(e.target.value) ? e.target.value : "")}
            className="min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 shadow-sm focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900 dark:focus:ring-violet-900"
          >
            <option value="">All Languages</option>
            {BLOG_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      </search>

      <div className="mt-8" aria-busy={isFetching}>
        {isPending ? (
          <div className="flex justify-center py-16" role="status">
            <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600" />
            <span className="sr-only">Loading posts…</span>
          </div>
        ) : isError ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
          >
            Failed to load blog posts
          </p>
        ) : posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No posts match your search.
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Blog posts">
            {posts.map((p) => (
              <li key={p.slug}>
                <article
                  lang={p.language}
                  className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-violet-700"
                >
                  <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                    <span className="rounded-full bg-violet-100 px-2.5 py-1 text-violet-800 dark:bg-violet-950 dark:text-violet-200">
                      {p.subject}
                    </span>
                    <span
                      lang="en"
                      className="rounded-full bg-slate-100 px-2.5 py-1 uppercase text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                    >
                      {p.language}
                    </span>
                  </div>
                  <h2 className="mt-3 text-lg font-bold leading-snug tracking-tight">
                    <Link
                      to={`/blog/${p.slug}`}
                      className="after:absolute after:inset-0 after:rounded-xl hover:text-violet-700 focus-visible:outline-none dark:hover:text-violet-300 [&:focus-visible]:after:outline-3 [&:focus-visible]:after:outline-violet-500"
                    >
                      {p.title}
                    </Link>
                  </h2>
                  {/* The clamp sits inside the growing box: a clamped box that itself grows shows lines after the "…". */}
                  <div className="mt-2 flex-1">
                    <p
                      data-testid="excerpt"
                      className="line-clamp-3 text-sm leading-relaxed text-slate-600 dark:text-slate-400"
                    >
                      {p.excerpt}
                    </p>
                  </div>
                  <div className="mt-4 flex items-center justify-between gap-3">
                    <time
                      lang="en"
                      dateTime={p.created_at}
                      className="text-sm text-slate-500 dark:text-slate-400"
                    >
                      {formatPostDate(p.created_at)}
                    </time>
                    <ShareButton title={p.title} slug={p.slug} compact />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
