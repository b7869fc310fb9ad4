import type { BeatGrid } from "../lib/beat-grid";

/** Bars on one row of the printed chart. */
const BARS_PER_ROW = 8;

/**
 * The one-page printable chord chart (issue 30): title, key, tempo, meter and capo, then every bar with its
 * chords, eight to a row ("." where a chord carries on). Hidden on screen; printing the Song screen prints
 * only this. Long songs get a smaller type so that the chart stays on one page.
 */
export function PrintableChart({
  title,
  keyName,
  bpm,
  meter,
  capo,
  grid,
  label,
  version,
}: {
  title: string;
  /** The key as shown, or null. */
  keyName: string | null;
  bpm: number | null;
  meter: string;
  capo: number;
  grid: BeatGrid;
  label: (chord: string | null) => string | null;
  /** Which chords these are ("Tonic's analysis", "My version", "Shared version"). */
  version: string;
}) {
  const rows = Math.ceil(grid.bars.length / BARS_PER_ROW);
  const size = rows > 30 ? "text-[6.5pt]" : rows > 20 ? "text-[8pt]" : "text-[10pt]";
  return (
    <section className="hidden print:block" data-testid="print-chart">
      <h1 className="text-[16pt] font-bold">{title}</h1>
      <p className="mt-1 text-[10pt]">
        {[
          keyName ? `Key: ${keyName}` : null,
          bpm ? `${Math.round(bpm)} BPM` : null,
          meter,
          capo > 0 ? `Capo ${capo}` : null,
          version,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <ol
        className={`mt-3 grid border-l border-t border-black ${size}`}
        style={{ gridTemplateColumns: `repeat(${BARS_PER_ROW}, minmax(0, 1fr))` }}
      >
        {grid.bars.map((bar) => (
          <li key={bar.index} className="break-inside-avoid border-b border-r border-black px-1 py-0.5">
            <span className="block text-[6pt] leading-none">{bar.number}</span>
            <span className="block truncate font-semibold">
              {bar.cells
                .filter((c) => c !== null)
                .map((c, i) => (c && (c.change || i === 0) ? (label(c.chord) ?? "N.C.") : "."))
                .join(" ")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
