import { displayPhrase, displaySwara, type ScaleChoice } from "@tonic/theory";

const FAMILY_NOTE: Record<string, string> = {
  thaat:
    "A thaat is one of the ten parent scales of Hindustani (North Indian) music: seven notes from which ragas are grouped.",
  melakarta:
    "A melakarta is one of the 72 parent scales of Carnatic (South Indian) music: seven notes, each once, going up.",
  raga: "A raga is more than a scale: it has its own way up (aroha) and down (avaroha), important notes and phrases.",
};

/**
 * About an Indian scale on the scale tools: what a thaat, melakarta or raga is, the Western mode with the
 * same notes, a raga's parent, aroha/avaroha, vadi/samvadi, pakad and time, its phrases in sargam (the
 * data's own system: Hindustani Sa re Re …, Carnatic S R₁ …) with Sa on the scale's tonic. Nothing for
 * Major and Minor.
 * @param sa the tonic as written ("D"), named as Sa.
 */
export function IndianScaleInfo({
  scale,
  sa,
  compact = false,
}: {
  scale: ScaleChoice;
  sa: string;
  compact?: boolean;
}) {
  if (scale.family === "western") return null;
  const raga = scale.raga;
  const system = scale.system === "carnatic" ? "carnatic" : "hindustani";
  const rows: { term: string; explain: string; value: string; testId: string }[] = [];
  if (raga) {
    rows.push(
      {
        term: "Aroha",
        explain: "the way up",
        value: displayPhrase(raga.aroha, system),
        testId: "raga-aroha",
      },
      {
        term: "Avaroha",
        explain: "the way down",
        value: displayPhrase(raga.avaroha, system),
        testId: "raga-avaroha",
      },
    );
    if (raga.vadi)
      rows.push({
        term: "Vadi",
        explain: "the most important note",
        value: displaySwara(raga.vadi, system),
        testId: "raga-vadi",
      });
    if (raga.samvadi)
      rows.push({
        term: "Samvadi",
        explain: "the second most important",
        value: displaySwara(raga.samvadi, system),
        testId: "raga-samvadi",
      });
    if (raga.pakad)
      rows.push({
        term: "Pakad",
        explain: "the phrase that identifies it",
        value: displayPhrase(raga.pakad, system),
        testId: "raga-pakad",
      });
    if (raga.time)
      rows.push({ term: "Time", explain: "when it is sung", value: raga.time, testId: "raga-time" });
  }
  return (
    <section
      className={`space-y-3 text-sm ${compact ? "" : "rounded-xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-900 dark:bg-amber-950/30"}`}
      data-testid="indian-scale-info"
      aria-label={`About ${scale.name}`}
    >
      <p className="text-slate-700 dark:text-slate-300">{FAMILY_NOTE[scale.family]}</p>
      {scale.westernMode ? (
        <p data-testid="western-mode">
          <span className="font-semibold">{scale.name}</span> has the same notes as the Western{" "}
          <span className="font-semibold">{scale.westernMode}</span> mode.
        </p>
      ) : scale.family !== "raga" ? (
        <p data-testid="western-mode" className="text-slate-600 dark:text-slate-400">
          No Western mode has these notes.
        </p>
      ) : null}
      {scale.parent && (
        <p data-testid="raga-parent">
          Parent scale: <span className="font-semibold">{scale.parent}</span>
          {raga?.outsideParent.length
            ? ` (also uses ${raga.outsideParent.map((s) => displaySwara(s, system)).join(", ")})`
            : ""}
          .
        </p>
      )}
      {rows.length > 0 && (
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          {rows.map((r) => (
            <div key={r.term} className="contents">
              <dt className="font-semibold">
                {r.term} <span className="font-normal text-slate-500 dark:text-slate-400">({r.explain})</span>
              </dt>
              <dd
                className="break-words font-medium text-violet-800 dark:text-violet-200"
                data-testid={r.testId}
              >
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {raga && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {system === "hindustani"
            ? `In sargam with Sa = ${sa}: lower-case re ga dha ni are komal (flat), Ma′ is tivra (sharp) Ma;`
            : `In Carnatic swaras with Sa = ${sa}: the small number is the swara's position (R₁ R₂ R₃);`}{" "}
          a dot below is the lower octave, a dot above the upper; “–” separates phrases.
        </p>
      )}
    </section>
  );
}
