import { midiToNoteName } from "../lib/music";

const BLACK = new Set([1, 3, 6, 8, 10]);

/**
 * A small piano from the C at or below the lowest sung note to the B at or above the highest
 * (at least two octaves), with the sung range highlighted and its ends labelled. Display only.
 *
 * @param minMidi lowest sustained note, MIDI.
 * @param maxMidi highest sustained note, MIDI.
 * @param spell writes a note name as the result's key does ("G#4" → "A♭4", or a swara "Ṡa"); sharps when
 *   left out. The range's ends and the landmark keys are labelled with it.
 * @param landmark the pitch class (0 = C) labelled in every octave: C, or Sa under the sargam namings.
 */
export function RangePiano({
  minMidi,
  maxMidi,
  spell = (name: string) => name,
  landmark = 0,
}: {
  minMidi: number;
  maxMidi: number;
  spell?: (name: string) => string;
  landmark?: number;
}) {
  const first = Math.floor(minMidi / 12) * 12;
  let last = Math.floor(maxMidi / 12) * 12 + 11;
  if (last - first < 23) last = first + 23;
  const whites: number[] = [];
  for (let m = first; m <= last; m++) if (!BLACK.has(m % 12)) whites.push(m);
  const inRange = (m: number) => m >= minMidi && m <= maxMidi;
  const label = `Your range, ${spell(midiToNoteName(minMidi))} to ${spell(midiToNoteName(maxMidi))}, highlighted on a piano`;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="range-piano"
      className="relative flex h-24 w-full select-none overflow-hidden rounded-lg bg-slate-800 p-1 shadow-inner dark:bg-black"
    >
      {whites.map((m) => {
        const black = m % 12 === 4 || m % 12 === 11 ? null : m + 1;
        const end = m === minMidi || m === maxMidi;
        return (
          <div key={m} className="relative flex-1">
            <div
              data-midi={m}
              data-in-range={inRange(m) ? "true" : "false"}
              className={`mx-px flex h-full items-end justify-center rounded-b-md pb-1 text-[10px] font-bold ${
                end
                  ? "bg-violet-600 text-white"
                  : inRange(m)
                    ? "bg-violet-300 text-violet-900"
                    : "bg-white text-slate-600 dark:bg-slate-200"
              }`}
            >
              {end || m % 12 === landmark ? (
                <span className="hidden min-[420px]:inline">{spell(midiToNoteName(m))}</span>
              ) : null}
            </div>
            {black !== null && black <= last && (
              <div
                data-midi={black}
                data-in-range={inRange(black) ? "true" : "false"}
                className={`absolute top-0 right-0 z-10 h-[58%] w-[60%] translate-x-1/2 rounded-b-sm ${
                  black === minMidi || black === maxMidi
                    ? "bg-violet-700 ring-2 ring-white"
                    : inRange(black)
                      ? "bg-violet-500"
                      : "bg-slate-900"
                }`}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
