import { useState } from "react";
import { Link } from "react-router-dom";
import { showToast } from "@/components/toast";
import { ApiError } from "@/lib/api";
import type { SheetVersionState } from "../hooks/useSheetVersion";

const btnCls =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800";

/** The badge saying which chords are shown: Tonic's analysis, the user's version, or a shared version. */
export function VersionBadge({ shown }: { shown: "analysis" | "mine" | "shared" }) {
  const text = shown === "mine" ? "My version" : shown === "shared" ? "Shared version" : "Tonic's analysis";
  const tone =
    shown === "analysis"
      ? "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
      : "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100";
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="version-badge">
      {text}
    </span>
  );
}

/**
 * Above the chord grid (issue 30): "Edit chords", the toggle between Tonic's analysis and the user's
 * version, where it is kept and whether it is saved, sharing (a signed-in user's version of a song from the
 * library) and deleting the version. A refusal at the daily editing limit offers Premium.
 */
export function VersionBar({
  versions,
  onEdit,
}: {
  versions: SheetVersionState;
  /** Starts editing (the screen prepares the sheet and the selection). */
  onEdit: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const hasVersion = versions.mine !== null && (versions.persisted || versions.editing);
  const shareUrl = versions.share ? `${window.location.origin}${versions.share.url}` : null;

  const run = async (what: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      showToast(err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="print-hide mt-2 flex flex-col gap-2" data-testid="version-bar">
      <div className="flex flex-wrap items-center gap-2">
        {hasVersion && (
          <div
            role="radiogroup"
            aria-label="Chords shown"
            className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
          >
            {(["analysis", "mine"] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={versions.shown === v}
                disabled={versions.editing && v === "analysis"}
                onClick={() => versions.setShown(v)}
                className={`min-h-9 rounded-lg px-3 text-sm font-semibold disabled:opacity-50 ${
                  versions.shown === v
                    ? "bg-white text-violet-700 shadow dark:bg-slate-950 dark:text-violet-300"
                    : "text-slate-600 dark:text-slate-300"
                }`}
              >
                {v === "analysis" ? "Tonic's analysis" : "My version"}
              </button>
            ))}
          </div>
        )}
        {!versions.editing && (
          <button type="button" className={btnCls} onClick={onEdit} disabled={!versions.ready}>
            {hasVersion ? "Edit my version" : "Edit chords"}
          </button>
        )}
        {versions.canShare && versions.shown === "mine" && !versions.share && (
          <button
            type="button"
            className={btnCls}
            disabled={busy}
            onClick={() =>
              void run(versions.createShare, "We couldn't make a link right now. Please try again.")
            }
          >
            Share
          </button>
        )}
        {hasVersion && versions.persisted && !versions.editing && (
          <button
            type="button"
            className={`${btnCls} text-red-700 dark:text-red-300`}
            disabled={busy}
            onClick={() => {
              if (window.confirm("Delete your version of this song's chords? Tonic's analysis stays."))
                void run(versions.discard, "We couldn't delete your version right now. Please try again.");
            }}
          >
            Delete my version
          </button>
        )}
        <SaveStatus versions={versions} />
      </div>
      {versions.refusal && (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="edit-refusal"
        >
          {versions.refusal}{" "}
          <Link to="/premium" className="font-semibold underline underline-offset-2">
            See Premium
          </Link>
        </p>
      )}
      {shareUrl && versions.shown === "mine" && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg bg-violet-50 p-3 text-sm dark:bg-violet-950/40"
          data-testid="share-panel"
        >
          <label htmlFor="share-link" className="font-semibold">
            Anyone with this link can view your version:
          </label>
          <input
            id="share-link"
            readOnly
            value={shareUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
          />
          <button
            type="button"
            className={btnCls}
            onClick={() =>
              void navigator.clipboard
                ?.writeText(shareUrl)
                .then(() => showToast("Link copied", "success"))
                .catch(() => showToast("Select the link and copy it."))
            }
          >
            Copy link
          </button>
          <button
            type="button"
            className={btnCls}
            disabled={busy}
            onClick={() => void run(versions.revoke, "We couldn't stop sharing right now. Please try again.")}
          >
            Stop sharing
          </button>
        </div>
      )}
    </div>
  );
}

/** "Saving…", "Saved to your account", "Saved on this device" or a failed save's message. */
function SaveStatus({ versions }: { versions: SheetVersionState }) {
  const where = versions.keptOn === "account" ? "to your account" : "on this device";
  const text =
    versions.saveState === "saving"
      ? "Saving…"
      : versions.saveState === "saved"
        ? `Saved ${where}`
        : versions.saveState === "error" && !versions.refusal
          ? "Not saved yet: we'll try again with your next change."
          : versions.shown === "mine" && versions.persisted
            ? `Kept ${where}`
            : null;
  if (!text) return null;
  return (
    <span role="status" className="text-sm text-slate-600 dark:text-slate-300" data-testid="save-status">
      {text}
    </span>
  );
}
