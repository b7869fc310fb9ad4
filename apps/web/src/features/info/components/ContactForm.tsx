import { type FormEvent, useEffect, useId, useState } from "react";
import { track } from "@/lib/analytics";
import { ApiError } from "@/lib/api";
import { useSession } from "@/lib/auth";
import { sendContact } from "../api/send-contact";

/** PRODUCT §8 "Contact" messages, exactly. */
export const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE = "Failed to send message. Please try again or contact us directly.";

type Status = "idle" | "submitting" | "success" | "error";
interface Fields {
  name: string;
  email: string;
  subject: string;
  message: string;
}
const EMPTY: Fields = { name: "", email: "", subject: "", message: "" };
const FIELD_NAMES: readonly (keyof Fields)[] = ["name", "email", "subject", "message"];

/**
 * The fields a 400 answer names: the server's zod errors read "Invalid request: email: Email must be
 * a valid e-mail address; subject: Subject is required".
 */
export function fieldErrors(message: string): Partial<Record<keyof Fields, string>> {
  const out: Partial<Record<keyof Fields, string>> = {};
  for (const part of message.replace(/^Invalid request:\s*/, "").split(";")) {
    const m = /^\s*(\w+):\s*(.+)$/.exec(part);
    const field = FIELD_NAMES.find((f) => f === m?.[1]);
    if (field && m?.[2]) out[field] = m[2].trim();
  }
  return out;
}

const inputClass =
  "mt-1 block min-h-12 w-full rounded-xl border border-slate-300 aria-invalid:border-red-500 bg-white px-4 py-2 text-slate-900 placeholder:text-slate-400 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-200 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:ring-violet-900";

/**
 * The contact form (PRODUCT §2 Contact page, §4 states, §5 validation, §8 messages): Name, Email, Subject and
 * Message, all required, e-mail checked by the browser and again by the server. States idle → submitting
 * → success (form cleared) or error (values kept). A hidden honeypot field catches bots. Used on
 * /contactform and in Settings → Contact Us.
 */
export function ContactForm({ className = "" }: { className?: string }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [invalid, setInvalid] = useState<Partial<Record<keyof Fields, string>>>({});
  const { user, profile } = useSession();
  const knownName = profile?.username || user?.name || "";
  const knownEmail = user?.email ?? "";
  // Signed in: Name and Email start filled in (still editable).
  useEffect(() => {
    if (!knownName && !knownEmail) return;
    setFields((f) => ({ ...f, name: f.name || knownName, email: f.email || knownEmail }));
  }, [knownName, knownEmail]);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setInvalid((v) => ({ ...v, [key]: undefined }));
    if (status === "success" || status === "error") setStatus("idle");
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (status === "submitting") return;
    setStatus("submitting");
    try {
      await sendContact({ ...fields, website });
      setFields({ ...EMPTY, name: knownName, email: knownEmail });
      setInvalid({});
      setStatus("success");
      track("contact_sent");
    } catch (err) {
      setInvalid(err instanceof ApiError && err.status === 400 ? fieldErrors(err.message) : {});
      setStatus("error");
    }
  };

  const submitting = status === "submitting";
  return (
    <form onSubmit={onSubmit} className={`space-y-5 ${className}`} aria-describedby={`${id}-feedback`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            autoComplete="name"
            value={fields.name}
            onChange={set("name")}
            aria-invalid={invalid.name ? true : undefined}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={fields.email}
            onChange={set("email")}
            aria-invalid={invalid.email ? true : undefined}
            className={inputClass}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className="text-sm font-medium">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          name="subject"
          required
          value={fields.subject}
          onChange={set("subject")}
          aria-invalid={invalid.subject ? true : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          value={fields.message}
          onChange={set("message")}
          aria-invalid={invalid.message ? true : undefined}
          className={`${inputClass} resize-y`}
        />
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <div id={`${id}-feedback`} aria-live="polite">
        {status === "success" && (
          <p
            role="status"
            className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          >
            {CONTACT_SUCCESS}
          </p>
        )}
        {status === "error" && (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {Object.keys(invalid).length > 0 ? (
              <>
                Please check the form:{" "}
                {FIELD_NAMES.flatMap((f) => (invalid[f] ? [invalid[f]] : [])).join(". ")}.
              </>
            ) : (
              CONTACT_FAILURE
            )}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={submitting}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-violet-600 px-6 font-semibold text-white shadow-sm hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {submitting && (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        {submitting ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
