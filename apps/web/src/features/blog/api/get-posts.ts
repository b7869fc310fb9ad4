import { useQuery } from "@tanstack/react-query";
import { BlogListResponse } from "@tonic/api";
import { api } from "@/lib/api";
import type { BlogLanguage } from "../lib/languages";

export type { BlogPostSummary } from "@tonic/api";

/** Blog posts, newest first (`GET /api/blog`), filtered by language ("" = all) and a search text (PRODUCT §5). */
export function getPosts(language: BlogLanguage | "", q: string) {
  const params = new URLSearchParams();
  if (language) params.set("language", language);
  if (q) params.set("q", q);
  const qs = params.toString();
  return api(`/api/blog${qs ? `?${qs}` : ""}`, BlogListResponse);
}

/** {@link getPosts} as a query that keeps the previous list while a new filter loads. */
export function useBlogPosts(language: BlogLanguage | "", q: string) {
  return useQuery({
    queryKey: ["blog", "list", language, q],
    queryFn: () => getPosts(language, q),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
}
