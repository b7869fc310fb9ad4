import { describe, expect, it } from "vitest";
import { DEADLOCK_DETECTED, retryOnDeadlock } from "./queue.js";

/** An error as node-postgres reports a PostgreSQL error: an Error with the SQLSTATE in `code`. */
function pgError(code: string): Error {
  return Object.assign(new Error(code === DEADLOCK_DETECTED ? "deadlock detected" : "other"), { code });
}

describe("retryOnDeadlock (the queue's set-up when processes start together)", () => {
  it("tries again after a deadlock and returns the first success", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryOnDeadlock(
      async () => {
        calls++;
        if (calls < 3) throw pgError(DEADLOCK_DETECTED);
        return "created";
      },
      5,
      async (attempt) => {
        waits.push(attempt);
      },
    );
    expect(result).toBe("created");
    expect(calls).toBe(3);
    expect(waits).toEqual([1, 2]);
  });

  it("rethrows any other error at once, and a deadlock after the last attempt", async () => {
    let calls = 0;
    const other = retryOnDeadlock(
      async () => {
        calls++;
        throw pgError("42P01");
      },
      5,
      async () => {},
    );
    await expect(other).rejects.toMatchObject({ code: "42P01" });
    expect(calls).toBe(1);
    calls = 0;
    const stuck = retryOnDeadlock(
      async () => {
        calls++;
        throw pgError(DEADLOCK_DETECTED);
      },
      3,
      async () => {},
    );
    await expect(stuck).rejects.toMatchObject({ code: DEADLOCK_DETECTED });
    expect(calls).toBe(3);
  });
});
