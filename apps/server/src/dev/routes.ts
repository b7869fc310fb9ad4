import type { FastifyPluginAsync } from "fastify";
import type { AccountsContext } from "../auth/accounts.js";
import type { OutboxEntry } from "../mail/mailer.js";
import { requireLocalRequest } from "../security/local-mode.js";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderOutbox(entries: readonly OutboxEntry[], mode: "smtp" | "outbox"): string {
  const items = entries
    .map(
      (m) => `<article class="mail" data-to="${escapeHtml(m.to)}">
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</span></header>
  <pre>${escapeHtml(m.text)}</pre>
  ${m.link ? `<a class="action" href="${escapeHtml(m.link)}">${escapeHtml(m.subject.replace(/ your Tonic.*$/, ""))}</a><code>${escapeHtml(m.link)}</code>` : ""}
</article>`,
    )
    .join("\n");
  const empty =
    mode === "smtp"
      ? "<p>SMTP_URL is set: mail is sent through SMTP, not kept here.</p>"
      : "<p>No mail yet. Sign up or ask for a password reset and reload this page.</p>";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox · Tonic</title><style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;color:#1f2937;background:#f9fafb}
h1{font-size:1.5rem}.note{background:#fef3c7;border:1px solid #f59e0b;border-radius:12px;padding:12px}
.mail{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px;margin:16px 0}
.mail header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}.mail header span{color:#6b7280;font-size:.875rem}
pre{white-space:pre-wrap;font-family:inherit}.action{display:inline-block;background:#7c3aed;color:#fff;padding:12px 16px;border-radius:10px;text-decoration:none;margin-right:8px}
code{display:block;margin-top:8px;font-size:.75rem;word-break:break-all;color:#6b7280}
</style></head><body><h1>Dev outbox</h1>
<p class="note">Development only: mails the server would have sent (newest first). Not available when NODE_ENV=production; set SMTP_URL to send real e-mail.</p>
${entries.length ? items : empty}</body></html>`;
}

/**
 * Development helpers (never registered when NODE_ENV=production; answered only for requests from
 * this machine, see `requireLocalRequest`):
 * - `GET /dev/outbox` — HTML list of the mails written to the local outbox (verify and reset links);
 * - `GET /dev/outbox.json?to=<email>` — the same as JSON, optionally for one recipient (browser tests).
 */
export const devRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // Only for requests from this machine: the outbox holds password-reset links.
  app.addHook("onRequest", async (request) => requireLocalRequest(request));
  app.get("/dev/outbox", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.type("text/html; charset=utf-8").send(renderOutbox(ctx.mailer.outbox(), ctx.mailer.mode));
  });
  app.get<{ Querystring: { to?: string } }>("/dev/outbox.json", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const to = request.query.to?.toLowerCase();
    const mails = ctx.mailer.outbox().filter((m) => !to || m.to.toLowerCase() === to);
    return { mails };
  });
};
