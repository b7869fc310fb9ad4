/**
 * A global cap on work running at once, with a bounded waiting line (first come, first served).
 * In memory: one per server process.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * @param maxRunning tasks allowed to run at once (≥ 1).
   * @param maxWaiting tasks allowed to wait for a free place (≥ 0); beyond that {@link acquire} refuses.
   */
  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {
    if (!(Number.isInteger(maxRunning) && maxRunning >= 1))
      throw new Error("maxRunning must be an integer ≥ 1");
    if (!(Number.isInteger(maxWaiting) && maxWaiting >= 0))
      throw new Error("maxWaiting must be an integer ≥ 0");
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Takes a place: at once when fewer than `maxRunning` tasks run, else after waiting in line.
   * @param signal gives up waiting when it fires (the promise rejects with "aborted").
   * @returns null when the line is full (the caller should refuse the work), else a promise of the
   *   release function, which must be called exactly once when the task ends.
   */
  acquire(signal?: AbortSignal): Promise<() => void> | null {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return null;
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", onAbort);
        this.running++;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(start);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new Error("aborted"));
      };
      if (signal?.aborted) return reject(new Error("aborted"));
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(start);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      this.waiting.shift()?.();
    };
  }
}
