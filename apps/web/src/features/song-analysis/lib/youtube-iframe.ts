/** The parts of the YouTube IFrame Player API we use. */
export interface YTPlayer {
  getCurrentTime(): number;
  getDuration(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  pauseVideo(): void;
  /** YouTube snaps to its available rates (0.25 steps); pitch is kept. */
  setPlaybackRate(rate: number): void;
  /** 1 = playing, 2 = paused, … */
  getPlayerState(): number;
  destroy(): void;
}

interface YTNamespace {
  Player: new (
    el: HTMLElement,
    opts: {
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, number | string>;
      events?: { onReady?: () => void; onError?: (e: { data: number }) => void };
    },
  ) => YTPlayer;
}

declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YTNamespace> | null = null;

/**
 * Loads the YouTube IFrame Player API script once, on demand (PRODUCT §7).
 * @param timeoutMs give up after this long (offline, blocked).
 * @returns the `YT` namespace.
 * @throws Error "The YouTube player could not be loaded." when the script fails or times out.
 */
export function loadYouTubeApi(timeoutMs = 15_000): Promise<YTNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  if (loading) return loading;
  loading = new Promise<YTNamespace>((resolve, reject) => {
    const fail = () => {
      loading = null;
      reject(new Error("The YouTube player could not be loaded."));
    };
    const timer = window.setTimeout(fail, timeoutMs);
    const prev = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      prev?.();
      window.clearTimeout(timer);
      if (window.YT) resolve(window.YT);
      else fail();
    };
    const s = document.createElement("script");
    s.src = "https://www.youtube.com/iframe_api";
    s.async = true;
    s.onerror = () => {
      window.clearTimeout(timer);
      fail();
    };
    document.head.appendChild(s);
  });
  return loading;
}
