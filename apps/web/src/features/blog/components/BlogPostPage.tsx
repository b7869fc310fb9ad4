import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "@/lib/api";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useBlogPost } from "../api/get-post";
import { formatPostDate } from "../lib/languages";
import { blogVideoId, youtubeEmbedUrl } from "../lib/youtube";
import { ShareButton } from "./ShareButton";

/** Tailwind styles for the Markdown elements the posts use; raw HTML is never rendered. */
const markdownComponents: Components = {
  h2: ({ children }) => <h2 className="mt-10 mb-3 text-2xl font-bold tracking-tight">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-8 mb-2 text-xl font-semibold">{children}</h3>,
  p: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="my-4 list-disc space-y-2 pl-6 marker:text-violet-500">{children}</ul>,
  ol: ({ children }) => (
    <ol className="my-4 list-decimal space-y-2 pl-6 marker:text-violet-500">{children}</ol>
  ),
  a: ({ href, children }) => (
    <a
      href={href}
      className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
      {...(href?.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
    </a>
  ),
  strong: ({ children }) => (
    <strong className="font-semibold text-slate-900 dark:text-white">{children}</strong>
  ),
  blockquote: ({ children }) => (
    <blockquote className="my-4 border-l-4 border-violet-300 pl-4 italic text-slate-600 dark:text-slate-400">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-[0.9em] dark:bg-slate-800">{children}</code>
  ),
  img: ({ src, alt }) => (
    <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} className="my-4 rounded-xl" />
  ),
};

function ReturnToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex min-h-11 items-center gap-2 rounded-xl px-1 font-semibold text-violet-700 hover:text-violet-900 dark:text-violet-300 dark:hover:text-violet-200"
    >
      <span aria-hidden="true">←</span> Return to Blog
    </Link>
  );
}

/** The first sentence-ish of a Markdown description as a plain meta description (≤ 160 characters). */
function plainDescription(markdown: string): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s\S*$/, "")}…` : text;
}

/** /blog/{slug} (PRODUCT §2 "Blog"): title, date, language code, subject, video, description, share. */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  const { data: post, isPending, error } = useBlogPost(slug);
  useSeo(
    post
      ? { title: post.title, description: plainDescription(post.description), type: "article" }
      : ROUTE_SEO.blogPost,
  );

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600" />
        <span className="sr-only">Loading post…</span>
      </div>
    );
  }
  if (error || !post) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">
          {notFound ? "Post not found" : "Failed to load blog posts"}
        </h1>
        <div className="mt-6">
          <ReturnToBlog />
        </div>
      </div>
    );
  }

  const videoId = blogVideoId(post.youtube_url);
  return (
    <article lang={post.language} className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div lang="en">
        <ReturnToBlog />
      </div>
      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          <span className="rounded-full bg-violet-100 px-3 py-1 text-violet-800 dark:bg-violet-950 dark:text-violet-200">
            {post.subject}
          </span>
          <span
            lang="en"
            data-testid="post-language"
            className="rounded-full bg-slate-100 px-3 py-1 uppercase text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            {post.language}
          </span>
        </div>
        <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3" lang="en">
          <time dateTime={post.created_at} className="text-slate-500 dark:text-slate-400">
            {formatPostDate(post.created_at)}
          </time>
          <ShareButton title={post.title} slug={post.slug} />
        </div>
      </header>

      {videoId && (
        <div className="mt-8 aspect-video overflow-hidden rounded-xl bg-slate-900 shadow-lg">
          <iframe
            src={youtubeEmbedUrl(videoId)}
            title={post.title}
            className="h-full w-full"
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}

      <div className="mt-6 text-lg text-slate-800 dark:text-slate-200" data-testid="post-body">
        <Markdown components={markdownComponents} skipHtml>
          {post.description}
        </Markdown>
      </div>

      <footer
        className="mt-10 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6 dark:border-slate-800"
        lang="en"
      >
        <ReturnToBlog />
        <ShareButton title={post.title} slug={post.slug} />
      </footer>
    </article>
  );
}
