import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SESSION_QUERY_KEY } from "@/lib/auth";
import { AuthError, authClient, authResult } from "@/lib/auth/client";
import { HashScreenFrame, REDIRECT_DELAY_MS } from "./HashScreenFrame";

/**
 * Verify e-mail (PRODUCT §2, §4 "Verification", §8): "Verifying your account..." → "Account Verified
 * Successfully!" with a redirect to / after 3 s, or "Verification Failed" with the error and a
 * "Go to Home" button. Verifying signs the user in.
 * @param token  the verification token from the mail link (`#type=email_verification&token=…`).
 * @param onDone called with the path to go to once finished.
 */
export function VerifyEmailScreen({ token, onDone }: { token: string | null; onDone: (to: string) => void }) {
  const qc = useQueryClient();
  const [state, setState] = useState<"loading" | "success" | "error">(token ? "loading" : "error");
  const [error, setError] = useState(token ? "" : "Invalid verification parameters");
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    authResult(authClient.verifyEmail({ query: { token } }))
      .then(async () => {
        await qc.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        setState("success");
      })
      .catch((err: unknown) => {
        setError(
          err instanceof AuthError && err.message ? err.message : "An error occurred during verification",
        );
        setState("error");
      });
  }, [token, qc]);

  useEffect(() => {
    if (state !== "success") return;
    const t = setTimeout(() => onDone("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [state, onDone]);

  return (
    <HashScreenFrame>
      {state === "loading" && (
        <div role="status" className="mt-6 flex flex-col items-center gap-4">
          <span
            className="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600"
            aria-hidden="true"
          />
          <p className="text-lg font-semibold">Verifying your account...</p>
        </div>
      )}
      {state === "success" && (
        <>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-emerald-700 dark:text-emerald-300">
            Account Verified Successfully!
          </h1>
          <p role="status" className="mt-3 text-slate-600 dark:text-slate-400">
            Your account has been verified. Redirecting to home page...
          </p>
        </>
      )}
      {state === "error" && (
        <>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-red-700 dark:text-red-300">
            Verification Failed
          </h1>
          <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
            {error}
          </p>
          <button
            type="button"
            onClick={() => onDone("/")}
            className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            Go to Home
          </button>
        </>
      )}
    </HashScreenFrame>
  );
}
