/** Options of {@link AccountBackoff}. */
export interface AccountBackoffOptions {
  /** Wrong passwords allowed per account inside `windowMs` before back-off starts (default 5). */
  freeFailures?: number;
  /** Failures older than this are forgotten, ms (default 15 minutes). */
  windowMs?: number;
  /** First back-off delay, ms; doubles with each further failure (default 1 s). */
  baseDelayMs?: number;
  /** Longest back-off, ms (default 15 minutes). */
  maxDelayMs?: number;
  /** Accounts tracked at most (oldest forgotten first; default 100,000). */
  maxEntries?: number;
  /** Clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

interface Entry {
  failures: number;
  firstAt: number;
  lockedUntil: number;
}

/** How a sign-in attempt started with {@link AccountBackoff.begin} ended. */
export type AttemptOutcome = "wrong-password" | "signed-in" | "other";

/**
 * Per-account limit on wrong passwords with exponential back-off (OWASP Authentication Cheat Sheet,
 * "Login throttling"): the first `freeFailures` failures inside the window cost nothing; after that
 * each failure locks the account's password sign-in for `baseDelayMs · 2^(k-1)` (k = failures past the
 * free ones), capped at `maxDelayMs`. A successful sign-in clears the account. Keyed on the account
 * (e-mail, lower-cased), so changing client address does not help an attacker. In memory: one server
 * process (behind several processes each keeps its own count, which only makes the limit looser).
 * Attempts are also counted while they run ({@link begin} / {@link finish}): once the attempts in flight
 * could reach the back-off, further ones wait, so parallel requests cannot test more passwords than
 * sequential ones.
 */
export class AccountBackoff {
  private readonly entries = new Map<string, Entry>();
  /** Attempts begun and not yet finished, per account. */
  private readonly inFlight = new Map<string, number>();
  private readonly freeFailures: number;
  private readonly windowMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: AccountBackoffOptions = {}) {
    this.freeFailures = opts.freeFailures ?? 5;
    this.windowMs = opts.windowMs ?? 15 * 60_000;
    this.baseDelayMs = opts.baseDelayMs ?? 1000;
    this.maxDelayMs = opts.maxDelayMs ?? 15 * 60_000;
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Seconds the account must wait before the next attempt, or 0 when it may try now.
   * @param account the e-mail the client signs in with (any case).
   */
  retryAfterSeconds(account: string): number {
    const e = this.live(account);
    if (!e) return 0;
    const wait = e.lockedUntil - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /**
   * Starts a password sign-in attempt: refused while the account is locked, and while other attempts
   * on it are still running when their failures together with the recorded ones could start the
   * back-off. Every attempt this lets through must be ended with {@link finish}.
   * @param account the e-mail the client signs in with (any case).
   * @returns 0 when the attempt may go ahead, else the seconds to wait (at least 1).
   */
  begin(account: string): number {
    const wait = this.retryAfterSeconds(account);
    if (wait > 0) return wait;
    const key = normalise(account);
    const running = this.inFlight.get(key) ?? 0;
    const failures = this.live(account)?.failures ?? 0;
    if (running > 0 && failures + running >= this.freeFailures) {
      return Math.max(1, Math.ceil(this.baseDelayMs / 1000));
    }
    this.inFlight.set(key, running + 1);
    return 0;
  }

  /**
   * Ends an attempt started with {@link begin} and records its outcome.
   * @param outcome `wrong-password` counts a failure, `signed-in` clears the account, `other` neither.
   */
  finish(account: string, outcome: AttemptOutcome): void {
    const key = normalise(account);
    const running = (this.inFlight.get(key) ?? 0) - 1;
    if (running > 0) this.inFlight.set(key, running);
    else this.inFlight.delete(key);
    if (outcome === "wrong-password") this.fail(account);
    else if (outcome === "signed-in") this.succeed(account);
  }

  /** Records a wrong password for the account. */
  fail(account: string): void {
    const key = normalise(account);
    const now = this.now();
    const e = this.live(account) ?? { failures: 0, firstAt: now, lockedUntil: 0 };
    e.failures++;
    const over = e.failures - this.freeFailures;
    if (over > 0) e.lockedUntil = now + Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (over - 1));
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Clears the account after a successful sign-in. */
  succeed(account: string): void {
    this.entries.delete(normalise(account));
  }

  private live(account: string): Entry | undefined {
    const key = normalise(account);
    const e = this.entries.get(key);
    if (!e) return undefined;
    const now = this.now();
    if (now - e.firstAt > this.windowMs && now >= e.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }
}

function normalise(account: string): string {
  return account.trim().normalize("NFKC").toLowerCase();
}
