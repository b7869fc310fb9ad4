import { useQuery } from "@tanstack/react-query";
import { BlogPost } from "@tonic/api";
import { ApiError, api } from "@/lib/api";

export type { BlogPost } from "@tonic/api";

/** One post by slug (`GET /api/blog/:slug`); a 404 rejects with ApiError status 404 ("Post not found"). */
export function getPost(slug: string): Promise<BlogPost> {
  return api(`/api/blog/${encodeURIComponent(slug)}`, BlogPost);
}

/** {@link getPost} as a query; a 404 is an answer, not retried. */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: ["blog", "post", slug],
    queryFn: () => getPost(slug),
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status === 404),
    staleTime: 60_000,
  });
}
