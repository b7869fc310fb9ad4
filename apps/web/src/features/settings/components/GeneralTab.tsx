import { useQueryClient } from "@tanstack/react-query";
import { DeletePracticeResponse } from "@tonic/api";
import { useId, useState } from "react";
import { NotePicker } from "@/components/theory/ScalePickers";
import { SwaraLegend } from "@/components/theory/SwaraLegend";
import { api } from "@/lib/api";
import { playChord, playNote } from "@/lib/audio";
import { useSession } from "@/lib/auth";
import { usePracticeStore } from "@/lib/practice";
import { type Instrument, type NoteNamingSetting, useSettingsStore } from "@/stores/settings";
import { resetProgress } from "../api/reset-progress";
import { useNotificationToggle } from "../hooks/useNotificationToggle";
import { Switch } from "./Switch";

const INSTRUMENTS: readonly { value: Instrument; label: string }[] = [
  { value: "piano", label: "Piano" },
  { value: "guitar", label: "Guitar" },
];

const NOTE_NAMINGS: readonly { value: NoteNamingSetting; label: string }[] = [
  { value: "by-key", label: "By key" },
  { value: "sharps", label: "Sharps only" },
  { value: "sargam", label: "Sargam (Hindustani)" },
  { value: "carnatic", label: "Carnatic" },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white px-5 py-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 className="pt-3 text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
        {title}
      </h3>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">{children}</div>
    </section>
  );
}

/**
 * Settings → General "Reset Progress" (PRODUCT §6): clears the signed-in user's course progress
 * (`DELETE /api/learn/progress`) after a confirmation; disabled when signed out.
 */
function ResetProgressButton() {
  const session = useSession();
  const qc = useQueryClient();
  const [status, setStatus] = useState<"idle" | "busy" | "done" | "error">("idle");
  const signedIn = session.status === "signed-in";
  const reset = async () => {
    if (
      !window.confirm(
        "Reset your progress? Completed days will show as not started and your practice history is cleared.",
      )
    )
      return;
    setStatus("busy");
    try {
      await resetProgress();
      await api("/api/practice", DeletePracticeResponse, { method: "DELETE" });
      usePracticeStore.getState().clear();
      await qc.invalidateQueries({ queryKey: ["course"] });
      setStatus("done");
    } catch (err) {
      console.error("Failed to reset course progress", err);
      setStatus("error");
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={!signedIn || status === "busy"}
        onClick={reset}
        aria-describedby="reset-progress-desc"
        className="min-h-11 rounded-lg border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
      >
        Reset Progress
      </button>
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status === "done" ? "Progress reset" : status === "error" ? "Could not reset progress" : ""}
      </span>
    </div>
  );
}

/** Settings → General (PRODUCT §2): volume, instrument, four toggles and Reset Progress. */
export function GeneralTab() {
  const settings = useSettingsStore((s) => s.settings);
  const darkMode = useSettingsStore((s) => s.darkMode);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const toggleDarkMode = useSettingsStore((s) => s.toggleDarkMode);
  const notifications = useNotificationToggle();
  const volumeId = useId();
  const instrumentName = useId();
  const namingName = useId();
  const signedIn = useSession().status === "signed-in";

  return (
    <div className="space-y-6">
      <Section title="Sound">
        <div className="py-4">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={volumeId} className="font-medium">
              Volume
            </label>
            <output
              htmlFor={volumeId}
              className="text-sm font-semibold tabular-nums"
              data-testid="volume-value"
            >
              {Math.round(settings.volume * 100)}%
            </output>
          </div>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={settings.volume}
            onChange={(e) => updateSettings({ volume: Number(e.target.value) })}
            className="mt-3 h-11 w-full cursor-pointer accent-violet-600"
          />
        </div>
        <fieldset className="py-4">
          <legend className="float-left w-full font-medium">Instrument</legend>
          <div className="clear-both inline-flex rounded-xl bg-slate-100 p-1 pt-1 dark:bg-slate-800">
            {INSTRUMENTS.map((i) => (
              <label
                key={i.value}
                className="relative flex min-h-11 min-w-24 cursor-pointer items-center justify-center rounded-lg px-4 text-sm font-semibold text-slate-600 transition has-[:checked]:bg-white has-[:checked]:text-violet-700 has-[:checked]:shadow has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-violet-500 hover:text-slate-900 dark:text-slate-300 dark:has-[:checked]:bg-violet-400 dark:has-[:checked]:text-slate-950 dark:hover:text-white"
              >
                <input
                  type="radio"
                  name={instrumentName}
                  value={i.value}
                  checked={settings.instrument === i.value}
                  onChange={() => updateSettings({ instrument: i.value })}
                  className="sr-only"
                />
                {i.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 py-4">
          <button
            type="button"
            onClick={() => playNote("A4")}
            className="min-h-11 rounded-lg border border-violet-300 px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:border-violet-700 dark:text-violet-200 dark:hover:bg-slate-800"
          >
            Test note
          </button>
          <button
            type="button"
            onClick={() => playChord(["C4", "E4", "G4"])}
            className="min-h-11 rounded-lg border border-violet-300 px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:border-violet-700 dark:text-violet-200 dark:hover:bg-slate-800"
          >
            Test chord
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 py-4">
          <label htmlFor="reference-a4">
            <span className="block font-medium">Tuner reference (A4)</span>
            <span className="block text-sm text-slate-500 dark:text-slate-400">
              Pitch of A above middle C for the Live tuner, 415–466 Hz. Most music uses 440 Hz.
            </span>
          </label>
          <div className="flex items-center gap-2">
            <input
              id="reference-a4"
              type="number"
              min={415}
              max={466}
              step={1}
              value={settings.referenceA4}
              onChange={(e) => {
                const v = e.currentTarget.valueAsNumber;
                if (Number.isFinite(v) && v >= 415 && v <= 466) updateSettings({ referenceA4: v });
              }}
              className="min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 text-right tabular-nums dark:border-slate-700 dark:bg-slate-950"
            />
            <span className="text-sm text-slate-600 dark:text-slate-400">Hz</span>
          </div>
        </div>
      </Section>

      <Section title="Preferences">
        <fieldset className="py-4">
          <legend className="float-left w-full font-medium">Note names</legend>
          <p className="clear-both text-sm text-slate-500 dark:text-slate-400">
            By key writes B♭ in F major and F♯ in D major; sharps only always writes the 12 sharp names.
            Sargam writes the notes as swaras counted from Sa (Sa Re Ga Ma Pa Dha Ni, or Carnatic S R₁ R₂ …)
            on the scale explorer, piano, fretboard and vocal detector. Chord names stay in letters (C, Am,
            G7): chords have no sargam names.
          </p>
          <div className="mt-2 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-grid sm:grid-cols-4 dark:bg-slate-800">
            {NOTE_NAMINGS.map((n) => (
              <label
                key={n.value}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-3 text-center text-sm font-semibold text-slate-600 transition has-[:checked]:bg-white has-[:checked]:text-violet-700 has-[:checked]:shadow has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-violet-500 hover:text-slate-900 dark:text-slate-300 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-violet-300 dark:hover:text-white"
              >
                <input
                  type="radio"
                  name={namingName}
                  value={n.value}
                  checked={settings.noteNaming === n.value}
                  onChange={() => updateSettings({ noteNaming: n.value })}
                  className="sr-only"
                />
                {n.label}
              </label>
            ))}
          </div>
          {(settings.noteNaming === "sargam" || settings.noteNaming === "carnatic") && (
            <div className="mt-4 space-y-3" data-testid="sa-settings">
              <NotePicker label="Your Sa" value={settings.sa} onChange={(sa) => updateSettings({ sa })} />
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Sa is the home note the swaras count from: the vocal detector writes your range from this Sa.
                On the scale explorer, piano and fretboard the key you pick there is Sa, as a singer sets Sa
                to the song’s tonic.
              </p>
              <SwaraLegend />
            </div>
          )}
        </fieldset>
        <Switch
          label="Show Fretboard Labels"
          description="Show note names on the guitar fretboard."
          checked={settings.showFretboardLabels}
          onChange={() => updateSettings({ showFretboardLabels: !settings.showFretboardLabels })}
        />
        <Switch
          label="Auto-Play Sounds"
          description="Play a note when you click it on the fretboard."
          checked={settings.autoPlay}
          onChange={() => updateSettings({ autoPlay: !settings.autoPlay })}
        />
        <div>
          <Switch
            label="Push Notifications"
            description="Reminders for your daily lesson. Your browser will ask for permission."
            checked={notifications.enabled}
            disabled={notifications.pending}
            onChange={() => void notifications.toggle()}
          />
          {notifications.message && (
            <p role="status" className="pb-4 text-sm text-amber-700 dark:text-amber-400">
              {notifications.message}
            </p>
          )}
        </div>
        <Switch
          label="Dark Mode"
          description="Use a dark colour theme."
          checked={darkMode}
          onChange={toggleDarkMode}
        />
      </Section>

      <Section title="Progress">
        <div className="flex flex-wrap items-center justify-between gap-4 py-4">
          <div>
            <p className="font-medium">Reset Progress</p>
            <p className="text-sm text-slate-500 dark:text-slate-400" id="reset-progress-desc">
              {signedIn
                ? "Clears your course progress and practice history on your account."
                : "Log in to reset the course progress saved on your account."}
            </p>
          </div>
          <ResetProgressButton />
        </div>
      </Section>
    </div>
  );
}
