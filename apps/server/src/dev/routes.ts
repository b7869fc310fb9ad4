import type { FastifyPluginAsync } from "fastify";
import type { AccountsContext } from "../auth/accounts.js";
import type { OutboxEntry } from "../mail/mailer.js";
import { type DevTools, requireLocalRequest, setDevToolsCookie } from "../security/local-mode.js";

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
<p class="note">Development only: mails the server would have sent (newest first). This page's address changes at every start; it never exists with NODE_ENV=production. Set SMTP_URL to send real e-mail.</p>
${entries.length ? items : empty}</body></html>`;
}

function renderIndex(devTools: DevTools): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development tools · Tonic</title><style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;color:#1f2937;background:#f9fafb}
.note{background:#fef3c7;border:1px solid #f59e0b;border-radius:12px;padding:12px}a{color:#7c3aed;font-weight:600}
</style></head><body><h1>Development tools</h1>
<p class="note">Development only (DEV_TOOLS=1). This address changes at every start of the server. This browser can now
reach the tools from the app too (the sign-in screen links to the outbox, Premium uses the test checkout).</p>
<ul><li><a href="${devTools.prefix}/outbox">Mail outbox</a>: verification and password-reset mails</li>
<li><a href="/">Open Tonic</a></li></ul></body></html>`;
}

/**
 * Development tools (only when `DEV_TOOLS=1`, never in production), under the random prefix of this
 * start, `/dev/<token>`, and answered only for requests from this machine (see `requireLocalRequest`):
 * - `GET /dev/<token>/` — an index page; like every page here it gives the browser the cookie that
 *   lets the app link to the tools (`setDevToolsCookie`);
 * - `GET /dev/<token>/outbox` — HTML list of the mails written to the local outbox (verify and reset links);
 * - `GET /dev/<token>/outbox.json?to=<email>` — the same as JSON, optionally for one recipient (tests).
 * The test checkout, `POST /dev/<token>/test-checkout/pay`, lives with the payments (`paymentRoutes`).
 */
export const devRoutes: FastifyPluginAsync<{ ctx: AccountsContext; devTools: DevTools }> = async (
  app,
  { ctx, devTools },
) => {
  // Only for requests from this machine: the outbox holds password-reset links.
  app.addHook("onRequest", async (request) => requireLocalRequest(request));
  const pages = [`${devTools.prefix}`, `${devTools.prefix}/`];
  for (const url of pages) {
    app.get(url, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      setDevToolsCookie(reply, devTools);
      return reply.type("text/html; charset=utf-8").send(renderIndex(devTools));
    });
  }
  app.get(`${devTools.prefix}/outbox`, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    setDevToolsCookie(reply, devTools);
    return reply.type("text/html; charset=utf-8").send(renderOutbox(ctx.mailer.outbox(), ctx.mailer.mode));
  });
  app.get<{ Querystring: { to?: string } }>(`${devTools.prefix}/outbox.json`, async (request, reply) => {
    reply.header("cache-control", "no-store");
    setDevToolsCookie(reply, devTools);
    const to = request.query.to?.toLowerCase();
    const mails = ctx.mailer.outbox().filter((m) => !to || m.to.toLowerCase() === to);
    return { mails };
  });
};
