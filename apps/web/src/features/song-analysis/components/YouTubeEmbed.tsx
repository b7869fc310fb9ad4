import { useEffect, useRef, useState } from "react";
import type { PlayerHandle } from "../hooks/usePlayerTime";
import { loadYouTubeApi, type YTPlayer } from "../lib/youtube-iframe";

/**
 * The embedded YouTube player (IFrame API loaded on demand) behind the same {@link PlayerHandle} as the
 * audio element. Reports the handle once the player is ready.
 */
export function YouTubeEmbed({ videoId, onReady }: { videoId: string; onReady: (p: PlayerHandle) => void }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    let player: YTPlayer | null = null;
    let cancelled = false;
    setError(null);
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled || !hostRef.current) return;
        const el = document.createElement("div");
        hostRef.current.replaceChildren(el);
        player = new YT.Player(el, {
          videoId,
          width: "100%",
          height: "100%",
          playerVars: { playsinline: 1, rel: 0, modestbranding: 1 },
          events: {
            onReady: () => {
              const p = player;
              if (cancelled || !p) return;
              readyRef.current({
                getCurrentTime: () => p.getCurrentTime() || 0,
                seekTo: (s) => p.seekTo(s, true),
                play: () => p.playVideo(),
                pause: () => p.pauseVideo(),
                setPlaybackRate: (r) => p.setPlaybackRate(Math.round(r * 4) / 4),
                isPaused: () => p.getPlayerState() !== 1,
              });
            },
            onError: () => setError("This video cannot be played here. The chord timeline still works."),
          },
        });
      })
      .catch((e: unknown) =>
        setError(
          `${e instanceof Error ? e.message : "The YouTube player could not be loaded."} The chord timeline still works.`,
        ),
      );
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [videoId]);

  return (
    <div
      className="mt-4 aspect-video w-full overflow-hidden rounded-xl bg-slate-900"
      data-testid="youtube-player"
    >
      {error ? (
        <p
          role="status"
          className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-200"
        >
          {error}
        </p>
      ) : (
        <div ref={hostRef} className="h-full w-full [&>iframe]:h-full [&>iframe]:w-full" />
      )}
    </div>
  );
}
