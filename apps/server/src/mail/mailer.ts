import nodemailer from "nodemailer";

/** One e-mail as the app sends it (plain text plus an optional link the reader should follow). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The single action link of the mail (verify, reset); shown as a button on the dev outbox. */
  link?: string;
}

/** A mail written to the local outbox (no SMTP configured). */
export interface OutboxEntry extends MailMessage {
  id: number;
  sentAt: string;
}

/** Minimal logger shape (pino and Fastify's logger both satisfy it). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface Mailer {
  /** `"smtp"` when `SMTP_URL` is set, otherwise `"outbox"` (log + in-memory list the development tools show). */
  readonly mode: "smtp" | "outbox";
  /**
   * Sends one mail.
   * @throws the SMTP transport's error in SMTP mode (the outbox never throws).
   */
  send(message: MailMessage): Promise<void>;
  /** Newest first; empty in SMTP mode. */
  outbox(): readonly OutboxEntry[];
}

const OUTBOX_LIMIT = 200;

/**
 * Creates the app's mailer.
 * @param opts.smtpUrl  nodemailer connection URL (`smtp://user:pass@host:587`); omit for the local outbox.
 * @param opts.from     sender address used in SMTP mode.
 * @param opts.logger   every outbox mail is also written to this log (so `npm start` needs no set-up).
 * @param opts.production without SMTP in production (or without the development tools) nothing is kept
 *   and the log says only that mail is not configured: never the link, whose token would let a log
 *   reader take the account.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  logger: MailLogger;
  production?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: "smtp",
      async send(m) {
        const text = m.link ? `${m.text}\n\n${m.link}\n` : m.text;
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text });
      },
      outbox: () => [],
    };
  }
  if (opts.production) {
    return {
      mode: "outbox",
      async send(m) {
        opts.logger.warn(
          { mail: { subject: m.subject } },
          "mail is not configured (set SMTP_URL): a mail was not sent",
        );
      },
      outbox: () => [],
    };
  }
  const entries: OutboxEntry[] = [];
  let next = 1;
  return {
    mode: "outbox",
    async send(m) {
      const entry: OutboxEntry = { ...m, id: next++, sentAt: new Date().toISOString() };
      entries.unshift(entry);
      if (entries.length > OUTBOX_LIMIT) entries.length = OUTBOX_LIMIT;
      opts.logger.info(
        { mail: { to: m.to, subject: m.subject, link: m.link } },
        "mail written to the development tools' outbox; set SMTP_URL to send real e-mail",
      );
    },
    outbox: () => entries,
  };
}
