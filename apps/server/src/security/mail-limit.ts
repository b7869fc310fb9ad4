/** Options of {@link RecipientMailLimit}. */
export interface RecipientMailLimitOptions {
  /** Mails one recipient may get inside `windowMs` (default 3). */
  max?: number;
  /** Length of the sliding window, ms (default 15 minutes). */
  windowMs?: number;
  /** Recipients tracked at most (oldest forgotten first; default 100,000). */
  maxEntries?: number;
  /** Clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

/**
 * Per-recipient limit on account mails (verification, password reset): at most `max` mails to one
 * address (lower-cased) per sliding `windowMs`, whichever client asks for them, so a victim's mailbox
 * cannot be flooded from many addresses. Callers answer the request the same way whether or not the
 * mail was sent (no account enumeration). In memory, per server process.
 */
export class RecipientMailLimit {
  private readonly sent = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: RecipientMailLimitOptions = {}) {
    this.max = opts.max ?? 3;
    this.windowMs = opts.windowMs ?? 15 * 60_000;
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Counts one mail to `recipient` when it is still allowed.
   * @returns true when the mail may be sent (and was counted), false when the recipient is over the limit.
   */
  take(recipient: string): boolean {
    const key = recipient.trim().toLowerCase();
    const now = this.now();
    const recent = (this.sent.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.sent.set(key, recent);
      return false;
    }
    recent.push(now);
    this.sent.delete(key);
    this.sent.set(key, recent);
    while (this.sent.size > this.maxEntries) {
      const oldest = this.sent.keys().next().value;
      if (oldest === undefined) break;
      this.sent.delete(oldest);
    }
    return true;
  }
}
