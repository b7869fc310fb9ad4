import { chordNotes, noteToMidi, prettyAccidentals, voiceAscending } from "@tonic/theory";
import { useEffect, useState } from "react";
import {
  type ChordsDb,
  type Fingering,
  type FrettedInstrument,
  findFingering,
  loadChordsDb,
} from "./fingerings";

export type DiagramInstrument = "guitar" | "piano" | "ukulele";

export interface ChordDiagramProps {
  /** Chord display name, ASCII or typeset ("Bbm7", "B♭m7", "C/E"). */
  chord: string;
  instrument: DiagramInstrument;
  /** "sm" for a chord set (about 76 px wide), "lg" for the chord playing now (about 150 px). */
  size?: "sm" | "lg";
}

const ascii = (s: string) => s.replace(/♭/g, "b").replace(/♯/g, "#");

function useChordsDb(instrument: DiagramInstrument): ChordsDb | null | "error" {
  const [db, setDb] = useState<ChordsDb | null | "error">(null);
  useEffect(() => {
    if (instrument === "piano") return;
    let alive = true;
    setDb(null);
    loadChordsDb(instrument as FrettedInstrument).then(
      (d) => alive && setDb(d),
      () => alive && setDb("error"),
    );
    return () => {
      alive = false;
    };
  }, [instrument]);
  return db;
}

/** A fretted chord box: strings vertical (lowest on the left), nut or base-fret label, dots, barres, X/O. */
function FretBox({
  fingering,
  strings,
  frets,
  lg,
}: {
  fingering: Fingering;
  strings: number;
  frets: number;
  lg: boolean;
}) {
  const w = lg ? 150 : 76;
  const padX = lg ? 22 : 12;
  const top = lg ? 26 : 16;
  const fretH = lg ? 26 : 14;
  const h = top + frets * fretH + (lg ? 8 : 4);
  const gap = (w - 2 * padX) / (strings - 1);
  const x = (s: number) => padX + s * gap;
  const y = (f: number) => top + (f - 0.5) * fretH;
  const r = lg ? 8.5 : 4.6;
  const fretIds = Array.from({ length: frets + 1 }, (_, n) => ({ id: `fret${n}`, n }));
  const stringIds = Array.from({ length: strings }, (_, n) => ({ id: `string${n}`, n }));
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      aria-hidden="true"
      className="text-slate-800 dark:text-slate-100"
    >
      {fingering.baseFret <= 1 ? (
        <rect
          x={x(0) - 1}
          y={top - (lg ? 4 : 3)}
          width={x(strings - 1) - x(0) + 2}
          height={lg ? 4 : 3}
          fill="currentColor"
        />
      ) : (
        <text x={2} y={y(1) + (lg ? 4 : 3)} fontSize={lg ? 11 : 8} fill="currentColor">
          {fingering.baseFret}fr
        </text>
      )}
      {fretIds.map(({ id, n: f }) => (
        <line
          key={id}
          x1={x(0)}
          x2={x(strings - 1)}
          y1={top + f * fretH}
          y2={top + f * fretH}
          stroke="currentColor"
          strokeOpacity={0.45}
        />
      ))}
      {stringIds.map(({ id, n: s }) => (
        <line
          key={id}
          x1={x(s)}
          x2={x(s)}
          y1={top}
          y2={top + frets * fretH}
          stroke="currentColor"
          strokeOpacity={0.7}
        />
      ))}
      {fingering.barres.map((b) => {
        const on = fingering.frets.map((f, i) => (f === b ? i : -1)).filter((i) => i >= 0);
        const from = Math.min(...on);
        const to = Math.max(...on);
        if (!Number.isFinite(from) || from === to) return null;
        return (
          <rect
            key={`b${b}`}
            x={x(from) - r}
            y={y(b) - r}
            width={x(to) - x(from) + 2 * r}
            height={2 * r}
            rx={r}
            className="fill-violet-600"
          />
        );
      })}
      {fingering.frets
        .map((f, s) => ({ f, s, id: `str${s}` }))
        .map(({ f, s, id }) => {
          if (f < 0)
            return (
              <text
                key={id}
                x={x(s)}
                y={top - (lg ? 9 : 6)}
                textAnchor="middle"
                fontSize={lg ? 12 : 8}
                fill="currentColor"
              >
                ×
              </text>
            );
          if (f === 0)
            return (
              <circle
                key={id}
                cx={x(s)}
                cy={top - (lg ? 12 : 8)}
                r={lg ? 4 : 2.6}
                fill="none"
                stroke="currentColor"
              />
            );
          return (
            <g key={id}>
              <circle cx={x(s)} cy={y(f)} r={r} className="fill-violet-600" />
              {lg && fingering.fingers[s] ? (
                <text x={x(s)} y={y(f) + 4} textAnchor="middle" fontSize={11} fill="white">
                  {fingering.fingers[s]}
                </text>
              ) : null}
            </g>
          );
        })}
    </svg>
  );
}

/** A keyboard from C of the root's octave, two octaves or more, with the chord's notes lit. */
function PianoChord({ notes, lg }: { notes: number[]; lg: boolean }) {
  const lo = 60;
  const hi = Math.max(lo + 23, ...notes.map((n) => n + (11 - (n % 12))));
  const whites: number[] = [];
  const blacks: number[] = [];
  for (let m = lo; m <= hi; m++) ([1, 3, 6, 8, 10].includes(m % 12) ? blacks : whites).push(m);
  const ww = lg ? 11 : 5.6;
  const wh = lg ? 56 : 30;
  const w = whites.length * ww;
  const lit = new Set(notes);
  const whiteIndex = (m: number) => whites.indexOf(m);
  return (
    <svg viewBox={`0 0 ${w + 1} ${wh + 1}`} width={w + 1} height={wh + 1} aria-hidden="true">
      {whites.map((m, i) => (
        <rect
          key={m}
          x={i * ww + 0.5}
          y={0.5}
          width={ww}
          height={wh}
          className={lit.has(m) ? "fill-violet-500" : "fill-white"}
          stroke="#64748b"
          strokeWidth={0.6}
        />
      ))}
      {blacks.map((m) => {
        const left = whiteIndex(m - 1);
        return (
          <rect
            key={m}
            x={(left + 1) * ww - ww * 0.3 + 0.5}
            y={0.5}
            width={ww * 0.6}
            height={wh * 0.62}
            className={lit.has(m) ? "fill-violet-500" : "fill-slate-800"}
            stroke="#1e293b"
            strokeWidth={0.5}
          />
        );
      })}
    </svg>
  );
}

/**
 * A chord diagram for guitar or ukulele (fingerings from @tombatossals/chords-db, MIT, drawn as SVG) or
 * piano (chord tones from @tonic/theory, voiced upward from the root in octave 4). Shared UI: song
 * analysis and live mode use it. Renders the chord name as its caption; a chord with no known fingering
 * says so instead of drawing a wrong one.
 */
export function ChordDiagram({ chord, instrument, size = "sm" }: ChordDiagramProps) {
  const name = ascii(chord);
  const lg = size === "lg";
  const db = useChordsDb(instrument);
  let body: React.ReactNode;
  let description = "";
  if (instrument === "piano") {
    let midis: number[] = [];
    try {
      const names = voiceAscending(chordNotes(name), 4);
      midis = names.map((n) => noteToMidi(n));
      description = `piano: ${names.join(" ")}`;
    } catch {
      midis = [];
    }
    body = midis.length ? (
      <PianoChord notes={midis} lg={lg} />
    ) : (
      <span className="text-xs text-slate-500">No diagram</span>
    );
  } else if (db === null) {
    body = (
      <span
        className={`block animate-pulse rounded bg-slate-100 dark:bg-slate-800 ${lg ? "h-32 w-36" : "h-20 w-18"}`}
      />
    );
  } else {
    const fingering = db === "error" ? null : findFingering(db, name);
    if (fingering && db !== "error") {
      description = `${instrument}: frets ${fingering.frets.map((f) => (f < 0 ? "x" : f === 0 ? "0" : String(f + fingering.baseFret - 1))).join(" ")}`;
      body = <FretBox fingering={fingering} strings={db.strings} frets={db.fretsOnChord} lg={lg} />;
    } else body = <span className="text-xs text-slate-500">No diagram</span>;
  }
  const label = prettyAccidentals(name);
  return (
    <figure
      className="flex flex-col items-center gap-1"
      data-testid="chord-diagram"
      data-chord={name}
      aria-label={`${label} chord diagram${description ? `, ${description}` : ""}`}
      role="img"
    >
      <figcaption className={`max-w-full truncate font-bold ${lg ? "text-xl" : "text-sm"}`}>
        {label}
      </figcaption>
      {body}
    </figure>
  );
}
