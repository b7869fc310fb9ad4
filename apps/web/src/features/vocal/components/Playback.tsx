import { useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "@/components/icons";

const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/** Play / pause the recording (PRODUCT §4: playback toggles play and pause), with elapsed time. */
export function Playback({ url }: { url: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? "Pause recording" : "Play recording"}
        aria-pressed={playing}
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-violet-600 text-white shadow hover:bg-violet-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 dark:focus-visible:ring-violet-800"
      >
        {playing ? <PauseIcon width={22} height={22} /> : <PlayIcon width={22} height={22} />}
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">Your recording</p>
        <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div
            className="h-full rounded-full bg-violet-500"
            style={{ width: `${duration > 0 ? (100 * time) / duration : 0}%` }}
          />
        </div>
      </div>
      <span className="text-sm tabular-nums text-slate-600 dark:text-slate-400" data-testid="playback-time">
        {fmt(time)} / {fmt(duration)}
      </span>
      {/* biome-ignore lint/a11y/useMediaCaption: a recording of the user's own singing has no captions */}
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        data-testid="vocal-playback"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) =>
          setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
        }
        className="hidden"
      />
    </div>
  );
}
