import { showToast } from "@/components/toast";

/** PRODUCT §8 "Blog": the message shown when the Web Share API is unavailable. */
export const LINK_COPIED = "Link copied to clipboard!";

/** The browser features {@link sharePost} uses; tests pass fakes. */
export interface ShareEnv {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
  /** Tells the reader what happened (an in-page toast). */
  notify: (message: string) => void;
}

/** Reads the real browser features. */
export function browserShareEnv(): ShareEnv {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  return {
    share: typeof nav?.share === "function" ? (d) => nav.share(d) : undefined,
    writeText: nav?.clipboard ? (t) => nav.clipboard.writeText(t) : undefined,
    notify: (m) => showToast(m),
  };
}

/**
 * Share a post (PRODUCT §2 Blog "share button").
 *
 * Uses the Web Share API when present; when it is missing or fails (other than the user
 * cancelling), copies the link to the clipboard and says "Link copied to clipboard!" in a toast.
 *
 * Parameters
 * ----------
 * data : { title: string; text?: string; url: string }
 *     `url` is absolute.
 * env : ShareEnv
 *     Default: the browser.
 *
 * Returns
 * -------
 * Promise<"shared" | "copied" | "cancelled" | "failed">
 */
export async function sharePost(
  data: { title: string; text?: string; url: string },
  env: ShareEnv = browserShareEnv(),
): Promise<"shared" | "copied" | "cancelled" | "failed"> {
  if (env.share) {
    try {
      await env.share(data);
      return "shared";
    } catch (err) {
      if (err instanceof Error && err.name === "AbortError") return "cancelled";
    }
  }
  try {
    if (!env.writeText) throw new Error("no clipboard");
    await env.writeText(data.url);
  } catch {
    env.notify(`Copy this link: ${data.url}`);
    return "failed";
  }
  env.notify(LINK_COPIED);
  return "copied";
}
