import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { BlogLanguage } from "../lib/languages";

/** A blog card as `GET /api/blog` returns it. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  subject: string;
  language: BlogLanguage;
  youtube_url: string | null;
  /** ISO timestamp. */
  created_at: string;
  /** Plain-text start of the description. */
  excerpt: string;
}

/** A whole post as `GET /api/blog/:slug` returns it; `description` is Markdown. */
export interface BlogPost extends Omit<BlogPostSummary, "excerpt"> {
  description: string;
}

/** Blog posts, newest first, filtered by language ("" = all) and a search text (SPEC §5). */
export function useBlogPosts(language: BlogLanguage | "", q: string) {
  return useQuery({
    queryKey: ["blog", "list", language, q],
    queryFn: () => {
      const params = new URLSearchParams();
      if (language) params.set("language", language);
      if (q) params.set("q", q);
      const qs = params.toString();
      return api<{ posts: BlogPostSummary[] }>(`/api/blog${qs ? `?${qs}` : ""}`);
    },
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
}

/** One post by slug; a 404 rejects with ApiError status 404 ("Post not found"). */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: ["blog", "post", slug],
    queryFn: () => api<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`),
    retry: (count, err) => count < 2 && !(err && "status" in err && err.status === 404),
    staleTime: 60_000,
  });
}
