import { useSettingsStore } from "@/stores/settings";

/**
 * The short key to the sargam names (Settings → Note names "Sargam (Hindustani)" or "Carnatic"): how
 * komal, tivra and the octave marks are written. Renders nothing under the Western namings.
 * @param sa the Sa the names count from, as shown ("C", "D♯"); left out, not mentioned.
 */
export function SwaraLegend({ sa, className = "" }: { sa?: string; className?: string }) {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  if (naming !== "sargam" && naming !== "carnatic") return null;
  return (
    <div
      className={`rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
      data-testid="swara-legend"
    >
      <p>
        {sa ? (
          <>
            <span className="font-semibold">Sa = {sa}.</span>{" "}
          </>
        ) : null}
        {naming === "sargam" ? (
          <>
            Swaras (notes) Sa Re Ga Ma Pa Dha Ni. <span className="font-semibold">re ga dha ni</span> in lower
            case are komal (flat); <span className="font-semibold">Ma′</span> is tivra (sharp) Ma.
          </>
        ) : (
          <>
            Swaras S R G M P D N; the small number tells which position: R₁ R₂ R₃, G₁ G₂ G₃, M₁ M₂, D₁ D₂ D₃,
            N₁ N₂ N₃ (R₂ sounds the same as G₁, R₃ as G₂, D₂ as N₁, D₃ as N₂).
          </>
        )}{" "}
        A dot below (<span className="font-semibold">{naming === "sargam" ? "Ṇi" : "Ṇ₃"}</span>) is the lower
        octave (mandra), a dot above (
        <span className="font-semibold">{naming === "sargam" ? "Ṡa" : "Ṡ"}</span>) the upper (taar).
      </p>
    </div>
  );
}
