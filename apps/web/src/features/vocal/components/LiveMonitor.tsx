import { detectPitch } from "@tonic/analysis";
import { chromaOf, swaraLabel, swaraSystemOf } from "@tonic/theory";
import { useEffect, useRef, useState } from "react";
import { useSettingsStore } from "@/stores/settings";
import { nearestNote } from "../lib/music";

interface Reading {
  name: string;
  cents: number;
  hz: number;
}

/** How long a reading stays on screen after the voice stops, ms (avoids flicker between syllables). */
const HOLD_MS = 400;
const PITCH_EVERY_MS = 80;

/**
 * Live waveform (canvas, from the AnalyserNode's time-domain data) and pitch readout (note name,
 * cents and a tuner needle) while recording. With no analyser it shows a flat line and a dash.
 */
export function LiveMonitor({ analyser }: { analyser: AnalyserNode | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [reading, setReading] = useState<Reading | null>(null);
  // Settings → Note names Sargam/Carnatic: the sung note as a swara from your Sa, with its octave mark.
  const system = useSettingsStore((s) => swaraSystemOf(s.settings.noteNaming));
  const sa = useSettingsStore((s) => s.settings.sa);

  useEffect(() => {
    const el = canvas.current;
    const g = el?.getContext("2d");
    if (!el || !g) return;
    let raf = 0;
    let lastPitch = 0;
    let lastVoiced = 0;
    const buf = new Float32Array(analyser?.fftSize ?? 2048);
    const draw = (now: number) => {
      const dpr = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (el.width !== Math.round(w * dpr) || el.height !== Math.round(h * dpr)) {
        el.width = Math.round(w * dpr);
        el.height = Math.round(h * dpr);
      }
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, w, h);
      const dark = document.documentElement.classList.contains("dark");
      g.strokeStyle = dark ? "rgba(148,163,184,0.25)" : "rgba(100,116,139,0.2)";
      g.lineWidth = 1;
      g.beginPath();
      g.moveTo(0, h / 2);
      g.lineTo(w, h / 2);
      g.stroke();
      if (analyser) {
        analyser.getFloatTimeDomainData(buf);
        g.strokeStyle = dark ? "#a78bfa" : "#7c3aed";
        g.lineWidth = 2;
        g.beginPath();
        const step = buf.length / w;
        for (let x = 0; x < w; x++) {
          const v = buf[Math.floor(x * step)] ?? 0;
          const y = h / 2 - Math.max(-1, Math.min(1, v * 2.5)) * (h / 2 - 4);
          if (x === 0) g.moveTo(x, y);
          else g.lineTo(x, y);
        }
        g.stroke();
        if (now - lastPitch >= PITCH_EVERY_MS) {
          lastPitch = now;
          const p = detectPitch(buf, analyser.context.sampleRate);
          if (p && p.clarity > 0.8) {
            lastVoiced = now;
            const n = nearestNote(p.hz);
            setReading({ name: n.name, cents: n.cents, hz: p.hz });
          } else if (now - lastVoiced > HOLD_MS) setReading(null);
        }
        raf = requestAnimationFrame(draw);
      }
    };
    raf = requestAnimationFrame(draw);
    if (!analyser) setReading(null);
    return () => cancelAnimationFrame(raf);
  }, [analyser]);

  const angle = reading ? Math.max(-50, Math.min(50, reading.cents)) * 0.9 : 0;
  const inTune = reading !== null && Math.abs(reading.cents) <= 10;
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <canvas
        ref={canvas}
        role="img"
        aria-label="Live waveform of the microphone"
        data-testid="vocal-waveform"
        className="h-28 w-full rounded-xl bg-slate-50 dark:bg-slate-950/60"
      />
      <div
        className="flex items-center gap-4 rounded-xl bg-slate-50 px-4 py-3 sm:w-56 sm:flex-col sm:gap-1 dark:bg-slate-950/60"
        data-testid="pitch-readout"
      >
        <svg viewBox="0 0 120 68" className="h-16 w-28 shrink-0" aria-hidden="true">
          <path
            d="M10 62 A50 50 0 0 1 110 62"
            fill="none"
            className="stroke-slate-300 dark:stroke-slate-700"
            strokeWidth="6"
            strokeLinecap="round"
          />
          <path
            d="M51.3 12.8 A50 50 0 0 1 68.7 12.8"
            fill="none"
            className="stroke-emerald-400"
            strokeWidth="6"
            strokeLinecap="round"
          />
          <g
            style={{
              transform: `rotate(${angle}deg)`,
              transformOrigin: "60px 62px",
              transition: "transform 120ms ease-out",
            }}
          >
            <line
              x1="60"
              y1="62"
              x2="60"
              y2="18"
              strokeWidth="3"
              strokeLinecap="round"
              className={
                reading
                  ? inTune
                    ? "stroke-emerald-500"
                    : "stroke-violet-600 dark:stroke-violet-400"
                  : "stroke-slate-400"
              }
            />
          </g>
          <circle cx="60" cy="62" r="5" className="fill-slate-700 dark:fill-slate-200" />
        </svg>
        <div className="min-w-0 sm:text-center" aria-live="off">
          <p className="text-4xl font-bold tabular-nums tracking-tight" data-testid="live-note">
            {reading ? (system ? swaraLabel(reading.name, chromaOf(sa), system) : reading.name) : "–"}
            {reading && system && (
              <span className="ml-2 text-base font-semibold text-slate-500 dark:text-slate-400">
                {reading.name}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400" data-testid="live-cents">
            {reading
              ? `${reading.cents > 0 ? "+" : ""}${reading.cents} cents · ${reading.hz.toFixed(0)} Hz`
              : analyser
                ? "Sing a note"
                : "Pitch appears here"}
          </p>
        </div>
      </div>
    </div>
  );
}
