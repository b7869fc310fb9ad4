import {
  chromaOf,
  prettyAccidentals,
  spellChord,
  spellKey,
  spellNote,
  swaraLabel,
  swaraSystemOf,
} from "@tonic/theory";
import { ragaHints } from "@tonic/theory/indian";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { SwaraLegend } from "@/components/theory/SwaraLegend";
import { playChord } from "@/lib/audio";
import { useSettingsStore } from "@/stores/settings";
import { chordNotes, scaleOfKey } from "../lib/chords";
import type { SaView, VocalView } from "../lib/result";
import { pitchClassName, rangeInSwaras, saConfidenceWords, secondsAboveSa } from "../lib/sa";
import { RangePiano } from "./RangePiano";

/**
 * The analysis: key, range on a small piano, chords that play on tap, tempo when there is a pulse.
 * When the singing does not settle on one key, the key card says so and names the closest match and the
 * runner-up (often its relative or parallel key).
 * Every name is written by the key through @tonic/theory's one spelling rule ("B♭ Minor", its chords
 * B♭m, E♭m, G♭; the range's ends as plain single notes), or with sharps under Settings → Sharps only; the
 * engine's sharp names stay underneath (chord playback). Under Settings → Sargam or Carnatic the scale's
 * notes and the range are swaras counted from the singer's Sa (Settings → Your Sa), the range's ends with
 * their octave marks (mandra, madhya, taar) and the letter names beside them; key and chords stay letters.
 */
export function VocalResult({ result }: { result: VocalView }) {
  const r = result.range;
  const root = useRef<HTMLDivElement>(null);
  const notes = scaleOfKey(result.key);
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const keyName = prettyAccidentals(spellKey(result.key, naming) ?? result.key);
  const alternative = result.keyAlternative
    ? prettyAccidentals(spellKey(result.keyAlternative, naming) ?? result.keyAlternative)
    : null;
  const sa = useSettingsStore((s) => s.settings.sa);
  const system = swaraSystemOf(naming);
  const saChroma = chromaOf(sa);
  const letterNote = (n: string) =>
    prettyAccidentals(spellNote(n, result.key, naming, { outOfScale: "plain" }));
  const rangeNote = (n: string) => (system ? swaraLabel(n, saChroma, system) : letterNote(n));
  const scaleNote = (n: string) =>
    system ? swaraLabel(n, saChroma, system) : prettyAccidentals(spellNote(n, result.key, naming));
  const chordName = (c: string) => prettyAccidentals(spellChord(c, result.key, naming));
  // Bring the answer into view when it arrives (the recorder sits above it).
  useEffect(() => {
    root.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, []);
  return (
    <div ref={root} className="grid scroll-mt-20 gap-4 md:grid-cols-2" data-testid="vocal-result">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Key
        </h2>
        {result.keyUncertain ? (
          <>
            <p
              className="mt-1 text-3xl font-bold text-amber-700 dark:text-amber-300"
              data-testid="vocal-key-uncertain"
            >
              Key uncertain
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Your notes don’t settle on one key. Closest match:{" "}
              <span
                className="whitespace-nowrap font-semibold text-slate-900 dark:text-slate-100"
                data-testid="vocal-key"
              >
                {keyName}
              </span>
              {alternative && (
                <>
                  , then{" "}
                  <span
                    className="whitespace-nowrap font-semibold text-slate-900 dark:text-slate-100"
                    data-testid="vocal-key-alternative"
                  >
                    {alternative}
                  </span>
                </>
              )}
              . Try singing a familiar tune or a scale for a clearer answer.
            </p>
          </>
        ) : (
          <p className="mt-1 text-4xl font-bold text-violet-700 dark:text-violet-300" data-testid="vocal-key">
            {keyName}
          </p>
        )}
        {notes && (
          <ul
            className="mt-3 flex flex-wrap gap-1.5"
            aria-label={`Notes of ${keyName}`}
            data-testid="vocal-scale-notes"
          >
            {notes.map((n, i) => (
              <li
                key={n}
                className={`rounded-lg px-2.5 py-1 text-sm font-semibold ${
                  i === 0
                    ? "bg-violet-600 text-white"
                    : "bg-violet-50 text-violet-800 dark:bg-violet-950/50 dark:text-violet-200"
                }`}
              >
                {scaleNote(n)}
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-4 flex gap-6 text-sm">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Tempo</dt>
            <dd className="font-semibold" data-testid="vocal-bpm">
              {result.bpm === null ? "No steady beat" : `${Math.round(result.bpm)} BPM`}
            </dd>
          </div>
          {result.timeSignature && (
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Time signature</dt>
              <dd className="font-semibold" data-testid="vocal-time-signature">
                {result.timeSignature}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Vocal range
        </h2>
        <p className="mt-1 text-3xl font-bold" data-testid="vocal-range">
          {rangeNote(r.min)} – {rangeNote(r.max)}
        </p>
        {system && (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="vocal-range-letters">
            {letterNote(r.min)} – {letterNote(r.max)}, Sa = {prettyAccidentals(sa)} (
            <Link to="/settings" className="font-medium text-violet-700 underline dark:text-violet-300">
              change
            </Link>
            )
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="vocal-range-hz">
          {r.minHz.toFixed(1)} Hz – {r.maxHz.toFixed(1)} Hz
        </p>
        <div className="mt-3">
          <RangePiano
            minMidi={r.minMidi}
            maxMidi={r.maxMidi}
            spell={rangeNote}
            landmark={system ? saChroma : 0}
          />
        </div>
        <SwaraLegend sa={prettyAccidentals(sa)} className="mt-3" />
      </section>
      {result.sa && <YourSa sa={result.sa} range={r} keyName={result.key} />}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:col-span-2 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Recommended chords
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {result.keyUncertain
            ? `Chords of ${keyName}, the closest key, to try singing over. Tap one to hear it.`
            : `Chords of ${keyName} to sing over, the most useful first. Tap one to hear it.`}
        </p>
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="vocal-chords">
          {result.chords.map((c) => (
            <li key={c}>
              <button
                type="button"
                onClick={() => playChord(chordNotes(c))}
                aria-label={`Play ${chordName(c)} chord`}
                className="flex min-h-12 w-full items-center justify-center rounded-xl border border-slate-200 bg-slate-50 px-2 text-lg font-bold transition hover:border-violet-400 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 active:scale-[0.97] dark:border-slate-700 dark:bg-slate-800 dark:hover:border-violet-500 dark:hover:bg-violet-950/40 dark:focus-visible:ring-violet-800"
              >
                {chordName(c)}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The singer's Sa found in what they sang (issue 29): the note, how sure, a close runner-up, their range in
 * swaras of that Sa, and a button that makes it their Sa in Settings (the sargam names everywhere follow).
 */
function YourSa({ sa, range, keyName }: { sa: SaView; range: VocalView["range"]; keyName: string }) {
  const current = useSettingsStore((s) => s.settings.sa);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const name = pitchClassName(sa.pitchClass);
  const shown = (pc: number) =>
    prettyAccidentals(spellNote(pitchClassName(pc), keyName, "by-key", { outOfScale: "plain" }));
  const close = sa.runnerUp && sa.runnerUp.confidence >= 0.6 * sa.confidence ? sa.runnerUp : null;
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:col-span-2 dark:border-slate-800 dark:bg-slate-900"
      data-testid="vocal-sa"
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        Your Sa
      </h2>
      <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-3xl font-bold text-violet-700 dark:text-violet-300" data-testid="vocal-sa-note">
          {shown(sa.pitchClass)}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="vocal-sa-confidence">
          {saConfidenceWords(sa.confidence)}
          {close ? ` · maybe ${shown(close.pitchClass)}` : ""}
        </p>
      </div>
      <p className="mt-2 text-sm" data-testid="vocal-range-swaras">
        Your range: {rangeInSwaras(range.minMidi, range.maxMidi, sa.pitchClass)}.
      </p>
      {sa.pitchClassSeconds && (
        <RagaHint secondsBySwara={secondsAboveSa(sa.pitchClassSeconds, sa.pitchClass)} />
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Sa is the home note you return to; Tonic hears it from the notes you rest on and end with.
      </p>
      {current !== name && (
        <button
          type="button"
          onClick={() => updateSettings({ sa: name })}
          className="mt-3 min-h-11 rounded-xl border border-violet-300 px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:border-violet-700 dark:text-violet-300 dark:hover:bg-slate-800"
        >
          Use {shown(sa.pitchClass)} as my Sa
        </button>
      )}
    </section>
  );
}

/**
 * "Sounds like Yaman (Kalyan thaat)", up to two more ragas, or an honest "not sure" with only the thaat:
 * from how long each swara was sung (`ragaHints` of `@tonic/theory/indian`).
 */
function RagaHint({ secondsBySwara }: { secondsBySwara: number[] }) {
  const hints = ragaHints(secondsBySwara);
  if (!hints) return null;
  const [best, ...others] = hints.ragas;
  const mode = hints.thaat.westernMode ? `, like ${hints.thaat.westernMode}` : "";
  return (
    <p className="mt-1 text-sm" data-testid="vocal-raga-hint">
      {hints.sure && best ? (
        <>
          Sounds like raga <span className="font-semibold">{best.raga.name}</span>
          {others.length > 0 ? ` (or ${others.map((o) => o.raga.name).join(", ")})` : ""}; your notes fit{" "}
          {hints.thaat.name} thaat{mode}.
        </>
      ) : (
        <>
          Not sure which raga; your notes fit {hints.thaat.name} thaat{mode}.
        </>
      )}
    </p>
  );
}
