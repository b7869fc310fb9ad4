import {
  chordFormula,
  displaySwara,
  getScale,
  progressions,
  relativeScale,
  type ScaleChoice,
  scaleChoice,
} from "@tonic/theory";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { IndianScaleInfo } from "@/components/theory/IndianScaleInfo";
import { NoteChips } from "@/components/theory/NoteChips";
import { NotePicker, ScalePicker } from "@/components/theory/ScalePickers";
import { SwaraLegend } from "@/components/theory/SwaraLegend";
import { useNoteSpeller } from "@/lib/hooks/useNoteSpeller";
import { useScaleView } from "@/lib/hooks/useScaleView";
import { useSpelledScale } from "@/lib/hooks/useSpelledScale";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useSettingsStore } from "@/stores/settings";
import { Block, Card } from "./Card";

const linkClass =
  "inline-flex min-h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold shadow-sm transition-colors";

/** /scale-explorer: three panels sharing one root and type (PRODUCT §2 "Scale explorer panels"). */
export function ScaleExplorerPage() {
  useSeo(ROUTE_SEO.scaleExplorer);
  const root = useSettingsStore((s) => s.currentNote);
  const scaleId = useSettingsStore((s) => s.currentScale);
  const setNote = useSettingsStore((s) => s.setNote);
  const setScale = useSettingsStore((s) => s.setScale);
  // Major, Minor, a thaat, a melakarta or a raga (@tonic/theory scale choices); chords, arpeggios, the
  // relative scale and progressions are Major and Minor's (a raga is melodic: it has no chord table).
  const choice: ScaleChoice = scaleChoice(scaleId) ?? (scaleChoice("major") as ScaleChoice);
  const type = choice.westernType ?? "major";
  const western = choice.westernType !== null;
  const view = useScaleView(root, choice);

  const scale = useMemo(() => getScale(root, type), [root, type]);
  const relative = useMemo(() => relativeScale(root, type), [root, type]);
  const spell = useNoteSpeller(root, type);
  const spellRelative = useNoteSpeller(relative.root, relative.type);
  // Every name on the screen in one spelling (@tonic/theory spellScale): title, chords, arpeggios, progressions.
  const shown = useSpelledScale(root, type);
  const shownRelative = useSpelledScale(relative.root, relative.type);
  const byTime = useMemo(() => progressions(root, type), [root, type]);
  const query = `?key=${encodeURIComponent(root)}&scale=${choice.id}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Scale Explorer</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Pick a root and a scale type to see its notes, chords, arpeggios and progressions, or an Indian
            thaat, melakarta or raga to see its notes in sargam.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to={`/piano-visualizer${query}`}
            className={`${linkClass} bg-violet-600 text-white hover:bg-violet-700`}
          >
            View Scales on Piano
          </Link>
          <Link
            to={`/guitar-visualizer${query}`}
            className={`${linkClass} border border-violet-300 bg-white text-violet-700 hover:bg-violet-50 dark:border-violet-700 dark:bg-slate-900 dark:text-violet-200 dark:hover:bg-slate-800`}
          >
            View Scales on Guitar
          </Link>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className={`min-w-0 ${western ? "lg:col-span-2" : "lg:col-span-3"}`}>
          <Card title="Scale Explorer" testId="panel-scale-explorer">
            <div className="flex flex-wrap gap-4">
              <NotePicker
                label={view.swaras ? "Root Note (Sa)" : "Root Note"}
                value={root}
                onChange={setNote}
              />
              <ScalePicker label="Scale Type" value={choice.id} onChange={setScale} />
            </div>
            <SwaraLegend sa={view.tonic} />

            <Block title="Scale Information">
              <dl className="grid gap-3 sm:grid-cols-[8rem_1fr] sm:items-center">
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Scale</dt>
                <dd className="font-semibold" data-testid="scale-name">
                  {view.title}
                  {choice.westernMode && (
                    <span className="font-normal text-slate-600 dark:text-slate-400" data-testid="scale-mode">
                      {" "}
                      — {choice.westernMode}
                    </span>
                  )}
                </dd>
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">
                  {western ? "Formula" : "In sargam"}
                </dt>
                <dd
                  className={`text-sm font-semibold ${western ? "font-mono tracking-wider" : "tracking-wide"}`}
                  data-testid="scale-formula"
                >
                  {western
                    ? scale.formula
                    : choice.swaras
                        .map((s) => displaySwara(s, choice.system === "carnatic" ? "carnatic" : "hindustani"))
                        .join(" ")}
                </dd>
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Notes</dt>
                <dd>
                  <NoteChips
                    notes={view.notes}
                    root={root}
                    testId="scale-notes"
                    label={`${view.title} notes`}
                    spell={view.spell}
                    even={view.notes.length === 7}
                  />
                </dd>
              </dl>
            </Block>
            {!western && <IndianScaleInfo scale={choice} sa={view.tonic} />}

            {western && (
              <>
                <Block title="Arpeggios">
                  <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="arpeggios">
                    {shown.chords.map((a) => (
                      <li
                        key={a.degree}
                        className="rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950"
                      >
                        <p className="text-xs font-semibold text-violet-700 dark:text-violet-300">
                          {a.numeral}
                        </p>
                        <h4 className="font-semibold">{a.name} Arpeggio</h4>
                        <p
                          className="mt-1 text-sm text-slate-600 dark:text-slate-400"
                          data-testid="arpeggio-notes"
                        >
                          {a.notes.join(" – ")}
                        </p>
                      </li>
                    ))}
                  </ul>
                </Block>

                <Block title="Chord Information">
                  <p className="mb-3 text-sm">
                    <span className="font-medium text-slate-500 dark:text-slate-400">Formula: </span>
                    <span className="font-semibold" data-testid="chord-formula">
                      {chordFormula(type)}
                    </span>
                  </p>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1) */}
                  <section className="overflow-x-auto" tabIndex={0} aria-label="Chords of the scale">
                    <table className="w-full text-left text-sm" data-testid="chords">
                      <thead className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
                        <tr>
                          <th scope="col" className="py-2 pr-4">
                            Degree
                          </th>
                          <th scope="col" className="py-2 pr-4">
                            Chord
                          </th>
                          <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                            Quality
                          </th>
                          <th scope="col" className="py-2">
                            Notes
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                        {shown.chords.map((c) => (
                          <tr key={c.degree}>
                            <td className="py-2 pr-4 font-semibold text-violet-700 dark:text-violet-300">
                              {c.numeral}
                            </td>
                            <td className="py-2 pr-4 font-semibold">
                              <span data-testid="chord-symbol">{c.symbol}</span>
                              {/* On narrow screens the quality sits under the chord instead of in its own column. */}
                              <span className="block text-xs font-normal capitalize text-slate-600 sm:hidden dark:text-slate-400">
                                {scale.chords[c.degree]?.type}
                              </span>
                            </td>
                            <td className="hidden py-2 pr-4 capitalize text-slate-600 sm:table-cell dark:text-slate-400">
                              {scale.chords[c.degree]?.type}
                            </td>
                            <td className="whitespace-nowrap py-2" data-testid="chord-notes">
                              {c.notes.join(" – ")}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </section>
                </Block>
              </>
            )}
          </Card>
        </div>

        {western && (
          <div className="min-w-0 space-y-6">
            <Card title="Relative Scale" testId="panel-relative-scale">
              <div className="space-y-4">
                <div>
                  <p className="mb-2 font-semibold" data-testid="selected-scale-name">
                    {shown.name}
                  </p>
                  <NoteChips
                    notes={scale.notes}
                    root={scale.root}
                    testId="relative-selected-notes"
                    spell={spell}
                    even
                  />
                </div>
                <div>
                  <p className="mb-2 font-semibold" data-testid="relative-scale-name">
                    {shownRelative.name}
                  </p>
                  <NoteChips
                    notes={relative.notes}
                    root={relative.root}
                    testId="relative-scale-notes"
                    spell={spellRelative}
                    even
                  />
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {shown.name} and {shownRelative.name} share the same seven notes.
                </p>
              </div>
            </Card>

            <Card title="Time Signatures" testId="panel-time-signatures">
              {byTime.map(({ timeSignature, progressions: list }) => (
                <Block key={timeSignature} title={timeSignature}>
                  <ul className="space-y-3">
                    {list.map((p) => (
                      <li
                        key={p.name}
                        data-testid="progression"
                        className="rounded-xl border border-slate-200 p-3 dark:border-slate-800"
                      >
                        <p className="text-sm font-semibold">{p.name}</p>
                        <p
                          className="mt-1 text-xs text-slate-500 dark:text-slate-400"
                          data-testid="progression-numerals"
                        >
                          {p.chords.map((c) => c.numeral).join(" – ")}
                        </p>
                        <p
                          className="mt-1 font-semibold text-violet-700 dark:text-violet-300"
                          data-testid="progression-chords"
                        >
                          {p.pattern.map((d) => shown.chords[d]?.symbol).join(" – ")}
                        </p>
                      </li>
                    ))}
                  </ul>
                </Block>
              ))}
            </Card>
          </div>
        )}
      </div>
    </div>
  );
}
