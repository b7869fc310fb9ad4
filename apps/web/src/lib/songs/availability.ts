import type { SongCapabilities } from "@tonic/api";

/** What the song search boxes say, so each points to what works on this server and connection. */
export interface SongInputHints {
  /** The search box's placeholder. */
  placeholder: string;
  /** Why a typed song name cannot be searched, pointing to what works instead; null when search works. */
  searchUnavailable: string | null;
}

/** Where the box is: Home (the file analyzer is one link away) or the Search page (it is below the box). */
export type SearchBoxPlace = "home" | "search";

const DEFAULT_PLACEHOLDER: Record<SearchBoxPlace, string> = {
  home: "Search or paste YouTube URL...",
  search: "Search songs or paste YouTube URL...",
};

/**
 * The placeholder and the "search unavailable" message of a song search box.
 *
 * @param caps   the server's song capabilities, or undefined while they load (assume search works).
 * @param online whether the browser has a network connection.
 * @param place  which box: Home's or the Search page's.
 */
export function songInputHints(
  caps: SongCapabilities | undefined,
  online: boolean,
  place: SearchBoxPlace,
): SongInputHints {
  const file = place === "home" ? "your own audio file" : "your own audio file below";
  if (!online)
    return {
      placeholder: "You're offline: analyse your own file",
      searchUnavailable: `You're offline, so songs can't be searched or downloaded. You can still analyse ${file}: it never leaves your device.`,
    };
  if (!caps || caps.search) return { placeholder: DEFAULT_PLACEHOLDER[place], searchUnavailable: null };
  if (caps.linkAnalysis)
    return {
      placeholder: "Paste a YouTube link or analyse your own file",
      searchUnavailable: `Searching songs by name isn't available here. Paste a YouTube link, or analyse ${file}.`,
    };
  return {
    placeholder: "Analyse your own audio file",
    searchUnavailable: `Searching songs and YouTube links aren't available here. You can analyse ${file}.`,
  };
}
