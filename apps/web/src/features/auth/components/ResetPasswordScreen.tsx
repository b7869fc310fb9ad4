import { type FormEvent, useEffect, useId, useState } from "react";
import { useSession } from "@/lib/auth";
import { AuthError, authClient, authResult, passwordProblem } from "@/lib/auth/client";
import { HashScreenFrame, REDIRECT_DELAY_MS } from "./HashScreenFrame";

/** Where a successful reset leads: the sign-in screen, as its message says. */
const LOGIN_PAGE = "/auth";

const inputCls =
  "mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 outline-none focus:border-violet-500 focus:ring-2 focus:ring-violet-500/40 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

/**
 * Reset password (PRODUCT §2, §4, §5, §8): New Password and Confirm Password, "Reset Password" /
 * "Resetting...", the rules (both fields, match, ≥ 6); on success "Password Reset Successful!" with
 * "Redirecting to login page..." and, after 3 s, the login page (/auth), where the new password is used:
 * every session of the user is signed out.
 * @param token  the reset token from the mail link (`#type=recovery&token=…`).
 * @param onDone called with the path to go to once finished.
 */
export function ResetPasswordScreen({
  token,
  onDone,
}: {
  token: string | null;
  onDone: (to: string) => void;
}) {
  const session = useSession();
  const pwId = useId();
  const confirmId = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [state, setState] = useState<"editing" | "submitting" | "success">("editing");
  const [error, setError] = useState<string | null>(
    token ? null : "This reset link is invalid. Please ask for a new one.",
  );

  useEffect(() => {
    if (state !== "success") return;
    const t = setTimeout(() => onDone(LOGIN_PAGE), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [state, onDone]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(password, confirm);
    if (problem) return setError(problem);
    if (!token) return setError("This reset link is invalid. Please ask for a new one.");
    setError(null);
    setState("submitting");
    try {
      await authResult(authClient.resetPassword({ newPassword: password, token }));
      // The reset signed every session out: re-read ours, so the login page shows its form.
      await session.refresh().catch(() => {});
      setState("success");
    } catch (err) {
      setError(err instanceof AuthError ? err.message : "Could not reset the password");
      setState("editing");
    }
  };

  if (state === "success") {
    return (
      <HashScreenFrame>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-emerald-700 dark:text-emerald-300">
          Password Reset Successful!
        </h1>
        <p role="status" className="mt-3 text-slate-600 dark:text-slate-400">
          Redirecting to login page...
        </p>
      </HashScreenFrame>
    );
  }

  return (
    <HashScreenFrame>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Reset Password</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Choose a new password for your Tonic account.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4 text-left">
        <div>
          <label htmlFor={pwId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            New Password
          </label>
          <input
            id={pwId}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputCls}
          />
        </div>
        <div>
          <label htmlFor={confirmId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Confirm Password
          </label>
          <input
            id={confirmId}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            className={inputCls}
          />
        </div>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-200"
          >
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={state === "submitting"}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-violet-600 px-4 font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-60"
        >
          {state === "submitting" ? "Resetting..." : "Reset Password"}
        </button>
      </form>
    </HashScreenFrame>
  );
}
