import { useQuery } from "@tanstack/react-query";
import { type SongListItem, type SongListQuery, SongListResponse } from "@tonic/api";
import { api } from "@/lib/api";

/** The Song explorer list (`GET /api/songs`, PRODUCT §5 filters; empty filters are left out). */
export function getSongs(filters: { [K in keyof SongListQuery]?: string }): Promise<SongListItem[]> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) qs.set(k, v);
  const s = qs.toString();
  return api(`/api/songs${s ? `?${s}` : ""}`, SongListResponse).then((r) => r.songs);
}

/** The Song explorer list as a query, re-read when a filter changes. */
export function useSongs(filters: { key?: string; type?: string; language?: string }) {
  return useQuery({ queryKey: ["songs", filters], queryFn: () => getSongs(filters) });
}
