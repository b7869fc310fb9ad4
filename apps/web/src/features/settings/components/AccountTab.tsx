import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ApiError } from "@/lib/api";
import { avatarUrl, isPremium, signOut, useSession } from "@/lib/auth";
import { updateProfile } from "../api/update-profile";

/** "Member since" / "Valid until" dates in the reader's locale. */
function formatDate(value: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return d.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * Settings → Account (PRODUCT §2): avatar (the provider's picture first), username with inline edit
 * (Save, Cancel; PRODUCT §5/§8 messages from the server), "Member since", Logout and the Subscription
 * Status box ("Premium Member" + "Valid until: {date}", or "Free Member" + "Upgrade to Premium").
 * @param onUpgrade opens the Premium tab.
 */
export function AccountTab({ onUpgrade }: { onUpgrade: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const { user, profile } = session;
  if (!user || !profile) return null;
  const picture = avatarUrl(user, profile);
  const premium = isPremium(profile);
  const initial = (profile.username || user.email).charAt(0).toUpperCase();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim()) return setError("Username cannot be empty");
    setSaving(true);
    setError(null);
    try {
      await updateProfile(draft);
      await session.refresh();
      setEditing(false);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? err.message : "Error updating username");
    } finally {
      setSaving(false);
    }
  };

  const logout = async () => {
    setLoggingOut(true);
    try {
      await signOut();
    } finally {
      await session.refresh();
      setLoggingOut(false);
      navigate("/", { replace: true });
    }
  };

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-xl font-semibold">Account</h2>
        <div className="mt-5 flex flex-col gap-5 sm:flex-row sm:items-center">
          {picture ? (
            <img
              src={picture}
              alt={`${profile.username}'s avatar`}
              referrerPolicy="no-referrer"
              className="h-20 w-20 shrink-0 rounded-full object-cover ring-4 ring-violet-100 dark:ring-violet-900"
            />
          ) : (
            <span
              role="img"
              aria-label={`${profile.username}'s avatar`}
              className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-violet-600 text-3xl font-bold text-white ring-4 ring-violet-100 dark:ring-violet-900"
            >
              {initial}
            </span>
          )}
          <div className="min-w-0 flex-1">
            {editing ? (
              <form onSubmit={save} className="space-y-2" aria-label="Edit username">
                <label
                  htmlFor={inputId}
                  className="block text-sm font-medium text-slate-600 dark:text-slate-400"
                >
                  Username
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <input
                    id={inputId}
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                    // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field
                    autoFocus
                    maxLength={40}
                    className="min-h-11 flex-1 rounded-xl border border-slate-300 bg-white px-3 text-base outline-none focus:border-violet-500 focus:ring-2 focus:ring-violet-500/40 dark:border-slate-700 dark:bg-slate-950"
                  />
                  <div className="flex gap-2">
                    <button
                      type="submit"
                      disabled={saving}
                      className="min-h-11 rounded-xl bg-violet-600 px-4 font-semibold text-white hover:bg-violet-700 disabled:opacity-60"
                    >
                      {saving ? "Saving..." : "Save"}
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        setEditing(false);
                        setError(null);
                      }}
                      className="min-h-11 rounded-xl border border-slate-300 px-4 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                    >
                      Cancel
                    </button>
                  </div>
                </div>
                {error && (
                  <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                    {error}
                  </p>
                )}
              </form>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <p className="truncate text-2xl font-bold tracking-tight" data-testid="username">
                  {profile.username}
                </p>
                <button
                  type="button"
                  onClick={() => {
                    setDraft(profile.username);
                    setError(null);
                    setEditing(true);
                  }}
                  className="min-h-11 rounded-lg px-3 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-violet-900/40"
                >
                  Edit username
                </button>
              </div>
            )}
            <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Member since {formatDate(profile.created_at)}
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={logout}
          disabled={loggingOut}
          className="mt-6 min-h-11 rounded-xl border border-red-200 px-5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/40"
        >
          {loggingOut ? "Logging out..." : "Logout"}
        </button>
      </section>

      <section
        aria-labelledby="subscription-status"
        className={`rounded-xl border p-6 ${
          premium
            ? "border-violet-300 bg-gradient-to-br from-violet-50 to-indigo-50 dark:border-violet-800 dark:from-violet-950/50 dark:to-indigo-950/50"
            : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        }`}
      >
        <h2 id="subscription-status" className="text-lg font-semibold">
          Subscription Status
        </h2>
        {premium ? (
          <div className="mt-3">
            <p className="text-xl font-bold text-violet-700 dark:text-violet-300">Premium Member</p>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              Valid until: {formatDate(profile.subscription_end_date ?? "")}
            </p>
          </div>
        ) : (
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-xl font-bold">Free Member</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                5 song analyses per day. Go Premium for unlimited analysis and the full course.
              </p>
            </div>
            <button
              type="button"
              onClick={onUpgrade}
              className="min-h-11 shrink-0 rounded-xl bg-violet-600 px-5 font-semibold text-white shadow-sm hover:bg-violet-700"
            >
              Upgrade to Premium
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
