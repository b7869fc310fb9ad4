import type { FretPosition, PitchClass } from "@tonic/theory";

/** Dot colour per octave (the fretboard spans octaves 2–5). */
export const OCTAVE_COLOURS: Readonly<Record<number, string>> = {
  2: "bg-sky-700",
  3: "bg-emerald-700",
  4: "bg-violet-700",
  5: "bg-pink-700",
};

/** Identifies one spot on the board (the same pitch appears on several strings). */
export const positionId = (p: FretPosition) => `${p.stringIndex}:${p.fret}`;

const INLAYS = new Set([3, 5, 7, 9]);
// Thicker strings towards the bottom (E2).
const STRING_THICKNESS = ["h-px", "h-px", "h-[2px]", "h-[2px]", "h-[3px]", "h-[3px]"];

export interface FretboardProps {
  board: readonly (readonly FretPosition[])[];
  root: PitchClass;
  scale: ReadonlySet<PitchClass>;
  showLabels: boolean;
  /** `positionId` of the spot lit for 300 ms after a tap, or null. */
  activeId: string | null;
  onPress: (position: FretPosition) => void;
  /** Display spelling of a label (Settings → Note names); default the sharp name. */
  spell?: (note: string) => string;
}

/** 6 strings × frets 0–11; scale notes are buttons coloured by octave, the root ringed in orange. */
export function Fretboard({ board, root, scale, showLabels, activeId, onPress, spell }: FretboardProps) {
  const frets = board[0] ?? [];
  return (
    <div className="relative overflow-x-auto rounded-xl" data-testid="fretboard">
      <table className="w-full min-w-[40rem] border-separate border-spacing-0 select-none">
        <caption className="sr-only">Guitar fretboard, strings E4 to E2, frets 0 to 11</caption>
        <thead>
          <tr>
            <th scope="col" className="w-12">
              <span className="sr-only">String</span>
            </th>
            {frets.map((p) => (
              <th
                key={p.fret}
                scope="col"
                className="pb-1 text-center text-xs font-semibold text-slate-500 tabular-nums dark:text-slate-400"
              >
                <span className="sr-only">Fret </span>
                {p.fret}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="bg-amber-900/90 dark:bg-amber-950">
          {board.map((row, s) => (
            <tr key={row[0]?.openNote}>
              <th
                scope="row"
                className="bg-slate-50 pr-2 text-right text-xs font-semibold text-slate-600 dark:bg-slate-950 dark:text-slate-300"
              >
                {row[0]?.openNote}
              </th>
              {row.map((p) => {
                const inScale = scale.has(p.note);
                const isRoot = p.note === root;
                const active = activeId === positionId(p);
                return (
                  <td
                    key={p.fret}
                    className={`relative h-12 min-w-12 p-0 text-center ${
                      p.fret === 0 ? "border-r-[6px] border-r-stone-200" : "border-r-2 border-r-stone-400"
                    } ${s === 0 ? "rounded-none" : ""}`}
                  >
                    <span
                      aria-hidden="true"
                      className={`pointer-events-none absolute inset-x-0 top-1/2 -translate-y-1/2 bg-stone-300 ${STRING_THICKNESS[s]}`}
                    />
                    {inScale && (
                      <button
                        type="button"
                        data-note={p.fullNote}
                        data-role={isRoot ? "root" : "scale"}
                        data-octave={p.octave}
                        data-active={active ? "true" : "false"}
                        aria-label={`${p.fullNote}, ${isRoot ? "root" : "in scale"}, string ${s + 1} fret ${p.fret}`}
                        onPointerDown={(e) => {
                          if (e.button === 0) onPress(p);
                        }}
                        onClick={(e) => {
                          if (e.detail === 0) onPress(p);
                        }}
                        className="relative z-10 mx-auto flex h-11 w-11 touch-manipulation items-center justify-center rounded-full"
                      >
                        <span
                          className={`flex h-9 w-9 items-center justify-center rounded-full text-xs font-bold text-white shadow-md transition-transform ${
                            OCTAVE_COLOURS[p.octave] ?? "bg-slate-500"
                          } ${isRoot ? "ring-4 ring-orange-400" : "ring-2 ring-white/70"} ${
                            active ? "scale-125 brightness-125" : ""
                          }`}
                        >
                          {showLabels && (
                            <span data-testid="fret-label">{spell ? spell(p.note) : p.note}</span>
                          )}
                        </span>
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            {frets.map((p) => (
              <td key={p.fret} className="h-5 text-center" aria-hidden="true">
                {INLAYS.has(p.fret) && <span className="inline-block h-2 w-2 rounded-full bg-slate-400" />}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function OctaveLegend() {
  return (
    <ul
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-400"
      aria-label="Legend"
    >
      {Object.entries(OCTAVE_COLOURS).map(([octave, colour]) => (
        <li key={octave} className="flex items-center gap-1.5">
          <span className={`h-3 w-3 rounded-full ${colour}`} aria-hidden="true" /> Octave {octave}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-full ring-2 ring-orange-400" aria-hidden="true" /> Root
      </li>
    </ul>
  );
}
