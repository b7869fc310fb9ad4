import { type MidiNote, midiToNoteName } from "@tonic/theory";
import { useEffect, useRef, useState } from "react";
import { playChord, unlockAudio } from "@/lib/audio";
import type { StaffSource } from "./staff";

type Abcjs = typeof import("abcjs");
type TuneObject = import("abcjs").TuneObject;
type TimingCallbacks = import("abcjs").TimingCallbacks;

/** Playing speed of staff examples, in quarter notes per minute. */
export const STAFF_QPM = 96;
/** How much larger than abcjs's default size the staff is drawn. */
const STAFF_ZOOM = 1.35;
/** CSS class on the notes that are sounding. */
const HIGHLIGHT = "tonic-staff-playing";

let abcjsModule: Promise<Abcjs> | null = null;
/** abcjs is large; it loads only when a page shows a staff. */
function loadAbcjs(): Promise<Abcjs> {
  abcjsModule ??= import("abcjs").then((m) => ("default" in m ? (m.default as Abcjs) : m));
  return abcjsModule;
}

/**
 * A staff example rendered as SVG by abcjs, with a Play button: each note sounds through the
 * app's Tone.js engine (`@/lib/audio`) while abcjs's timing callbacks light it on the staff.
 */
export function StaffNotation({ source }: { source: StaffSource }) {
  const target = useRef<HTMLDivElement>(null);
  const tune = useRef<TuneObject | null>(null);
  const timer = useRef<TimingCallbacks | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [playing, setPlaying] = useState(false);
  const [noteCount, setNoteCount] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadAbcjs()
      .then((abcjs) => {
        const el = target.current;
        if (cancelled || !el) return;
        const [visual] = abcjs.renderAbc(el, source.abc, {
          add_classes: true,
          // Lay the staff out for the box's width at STAFF_ZOOM, then let the SVG fill the box.
          staffwidth: Math.max(240, Math.round(el.clientWidth / STAFF_ZOOM)),
          responsive: "resize",
          format: { stretchlast: 1 },
          paddingleft: 0,
          paddingright: 0,
          paddingtop: 4,
          paddingbottom: 4,
        });
        tune.current = visual ?? null;
        setNoteCount(el.querySelectorAll(".abcjs-note").length);
        setState(visual ? "ready" : "error");
      })
      .catch(() => !cancelled && setState("error"));
    return () => {
      cancelled = true;
      timer.current?.stop();
    };
  }, [source.abc]);

  const clearHighlight = () => {
    for (const n of target.current?.querySelectorAll(`.${HIGHLIGHT}`) ?? []) n.classList.remove(HIGHLIGHT);
  };

  const play = async () => {
    const visual = tune.current;
    if (!visual) return;
    unlockAudio();
    timer.current?.stop();
    clearHighlight();
    const abcjs = await loadAbcjs();
    visual.setUpAudio({});
    const wholeNoteSeconds = (4 * 60) / STAFF_QPM;
    setPlaying(true);
    const callbacks = new abcjs.TimingCallbacks(visual, {
      qpm: STAFF_QPM,
      eventCallback: (ev) => {
        clearHighlight();
        if (!ev || ev.type === "end") {
          setPlaying(false);
          callbacks.stop();
          return undefined;
        }
        const notes = (ev.midiPitches ?? []).map((p) => midiToNoteName(p.pitch as MidiNote));
        if (notes.length > 0) {
          const seconds = Math.max(0.2, (ev.midiPitches?.[0]?.duration ?? 0.25) * wholeNoteSeconds * 0.95);
          playChord(notes, seconds);
        }
        for (const group of ev.elements ?? []) for (const n of group) n.classList.add(HIGHLIGHT);
        return undefined;
      },
    });
    timer.current = callbacks;
    callbacks.start();
  };

  return (
    <figure
      className="my-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-50"
      data-testid="staff"
      data-state={state}
      data-notes={noteCount}
      data-playing={playing ? "true" : "false"}
    >
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wide text-violet-700">
            {source.sargam ? "On the staff and in sargam" : "On the staff"}
          </span>
          {source.label && <span className="text-lg font-bold text-slate-900">{source.label}</span>}
        </span>
        <button
          type="button"
          onClick={() => void play()}
          disabled={state !== "ready"}
          aria-label={`Play ${source.label || "the staff example"}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-violet-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-violet-700 disabled:opacity-60"
        >
          <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
            <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
          </svg>
          {playing ? "Playing…" : "Play"}
        </button>
      </figcaption>
      {state === "error" && <p className="text-sm text-red-700">This example could not be drawn.</p>}
      <div
        ref={target}
        role="img"
        aria-label={`Staff notation${source.label ? `: ${source.label}` : ""}`}
        className="tonic-staff min-h-[90px] text-slate-900 [&_.tonic-staff-playing]:fill-orange-600"
      />
      {source.sargam && (
        <ol
          aria-label="Staff notes and their sargam names"
          data-testid="sargam-row"
          className="mt-3 flex flex-wrap gap-1.5 text-sm"
        >
          {source.sargam.map((s, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a swara may repeat; its place is its identity
              key={i}
              className="min-w-12 rounded-lg bg-violet-50 px-2 py-1 text-center"
            >
              <span className="block font-bold text-violet-800">{s.swara}</span>
              <span className="block text-slate-600">{s.note}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
