import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router-dom";
import * as z from "zod/mini";
import { LogoMark } from "@/components/icons";
import { useSession } from "@/lib/auth";
import { type AuthConfig, AuthError, authClient, authResult, passwordProblem } from "@/lib/auth/client";
import { useAuthConfig } from "../api/get-auth-config";

/** better-auth's answer to a social sign-in: the provider's authorisation URL. */
const SocialSignIn = z.object({ url: z.string().check(z.minLength(1)) });

type Mode = "sign-in" | "sign-up" | "forgot";

const inputCls =
  "mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm outline-none focus:border-violet-500 focus:ring-2 focus:ring-violet-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const primaryBtn =
  "inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-violet-600 px-4 font-semibold text-white shadow-sm hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:opacity-60";

function GoogleLogo() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function Field({
  label,
  type,
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        className={inputCls}
      />
    </div>
  );
}

function DevOutboxHint({ config }: { config: AuthConfig | undefined }) {
  if (!config?.devOutbox) return null;
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
      No mail server is configured: mails go to the{" "}
      <a href={config.devOutbox} target="_blank" rel="noreferrer" className="font-semibold underline">
        dev outbox
      </a>
      .
    </p>
  );
}

/**
 * The sign-in screen (PRODUCT §2 "Auth"): a welcome, "Continue with Google", e-mail sign-in / sign-up /
 * forgotten password (issue 5), and links to /terms and /privacy-policy. Used by /auth and by /settings
 * when signed out.
 */
export function AuthScreen() {
  const session = useSession();
  const config = useAuthConfig();
  // "Sign Up Free" links to /auth?mode=sign-up and opens the sign-up form.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(window.location.search).get("mode") === "sign-up" ? "sign-up" : "sign-in",
  );
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [googleHelp, setGoogleHelp] = useState(false);

  const switchMode = (m: Mode) => {
    setMode(m);
    setError(null);
    setNotice(null);
  };

  const google = async () => {
    setError(null);
    setBusy(true);
    // A tap before the server's sign-in config has loaded waits for it (joining the request in
    // flight) instead of reporting Google as not enabled.
    const cfg = config.data ?? (await config.refetch({ cancelRefetch: false })).data;
    if (!cfg) {
      setError("Failed to authenticate with Google");
      setBusy(false);
      return;
    }
    if (!cfg.google) {
      setGoogleHelp(true);
      setBusy(false);
      return;
    }
    try {
      const res = SocialSignIn.safeParse(
        await authResult(
          authClient.signIn.social({
            provider: "google",
            callbackURL: "/auth/callback",
            errorCallbackURL: "/auth/callback",
            // We go to the provider ourselves, after checking the answer.
            disableRedirect: true,
          }),
        ),
      );
      if (!res.success) throw new AuthError("Failed to authenticate with Google", 500);
      window.location.assign(res.data.url);
    } catch (err) {
      setError(err instanceof AuthError ? err.message : "Failed to authenticate with Google");
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    const mail = email.trim();
    if (!mail) return setError("Please enter your e-mail address");
    if (mode === "sign-up") {
      const problem = passwordProblem(password, confirm);
      if (problem) return setError(problem);
    } else if (mode === "sign-in" && !password) {
      return setError("Please enter your password");
    }
    setBusy(true);
    try {
      if (mode === "sign-in") {
        await authResult(authClient.signIn.email({ email: mail, password }));
        await session.refresh();
      } else if (mode === "sign-up") {
        await authResult(authClient.signUp.email({ email: mail, password, name: mail.split("@")[0] ?? "" }));
        setNotice(`We sent a verification link to ${mail}. Open it to activate your account, then sign in.`);
        setPassword("");
        setConfirm("");
        setMode("sign-in");
      } else {
        await authResult(authClient.requestPasswordReset({ email: mail, redirectTo: "/" }));
        setNotice(`If an account exists for ${mail}, we sent a link to reset the password.`);
      }
    } catch (err) {
      if (err instanceof AuthError && err.status === 403 && mode === "sign-in") {
        setError("Please verify your e-mail address first. We sent you a new verification link.");
      } else {
        setError(err instanceof Error ? err.message : "Something went wrong");
      }
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode === "sign-up" ? "Create your account" : mode === "forgot" ? "Reset your password" : "Sign in";
  const action =
    mode === "sign-up"
      ? busy
        ? "Creating account..."
        : "Create Account"
      : mode === "forgot"
        ? busy
          ? "Sending..."
          : "Send Reset Link"
        : busy
          ? "Signing in..."
          : "Sign In";

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-200">
            <LogoMark />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Welcome to Tonic</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Sign in to analyse songs, keep your progress and unlock Premium.
          </p>
        </div>

        <button
          type="button"
          onClick={google}
          disabled={busy}
          className="mt-6 inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <GoogleLogo />
          Continue with Google
        </button>
        {googleHelp && (
          <p
            role="note"
            className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            Google sign-in is not enabled on this server. To enable it, set <code>GOOGLE_CLIENT_ID</code> and{" "}
            <code>GOOGLE_CLIENT_SECRET</code> (see <code>.env.example</code>) and restart. Meanwhile, use your
            e-mail below.
          </p>
        )}

        <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          or with e-mail
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>

        <form onSubmit={submit} noValidate className="space-y-4" aria-label={title}>
          <h2 className="text-lg font-semibold">{title}</h2>
          <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" />
          {mode !== "forgot" && (
            <Field
              label="Password"
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
            />
          )}
          {mode === "sign-up" && (
            <Field
              label="Confirm Password"
              type="password"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
            />
          )}
          {error && (
            <p
              role="alert"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-200"
            >
              {error}
            </p>
          )}
          {notice && (
            <div
              role="status"
              className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-100"
            >
              {notice}
            </div>
          )}
          {notice && <DevOutboxHint config={config.data} />}
          <button type="submit" disabled={busy} className={primaryBtn}>
            {action}
          </button>
        </form>

        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          {mode === "sign-in" ? (
            <>
              <button
                type="button"
                onClick={() => switchMode("sign-up")}
                className="min-h-11 font-semibold text-violet-700 hover:underline dark:text-violet-300"
              >
                Create an account
              </button>
              <button
                type="button"
                onClick={() => switchMode("forgot")}
                className="min-h-11 text-slate-600 hover:underline dark:text-slate-400"
              >
                Forgot password?
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => switchMode("sign-in")}
              className="min-h-11 font-semibold text-violet-700 hover:underline dark:text-violet-300"
            >
              Back to sign in
            </button>
          )}
        </div>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">
        By continuing you agree to our{" "}
        <Link to="/terms" className="font-medium underline">
          Terms &amp; Conditions
        </Link>{" "}
        and{" "}
        <Link to="/privacy-policy" className="font-medium underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
