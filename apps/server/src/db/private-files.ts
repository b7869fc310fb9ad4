import { chmod, lstat, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * The umask of a process that keeps an embedded database on disk: new files 0600, new folders 0700.
 * PGlite creates the files of a running database with the process umask, but writes a new database's
 * initial files (copied from its in-memory `initdb`) with explicit modes of 0644–0777: see
 * {@link makePrivate}.
 */
export const OWNER_ONLY_UMASK = 0o077;

/** Sets the process umask to {@link OWNER_ONLY_UMASK}: everything the process creates from now on is owner-only. */
export function restrictNewFiles(): void {
  process.umask(OWNER_ONLY_UMASK);
}

/**
 * Strips group and other permissions from `dir` and everything in it (folders keep the owner's
 * `rwx`). Symbolic links are not followed.
 * @returns a warning for each path that could not be changed (e.g. a mount point owned by another user).
 */
export async function makePrivate(dir: string): Promise<string[]> {
  const warnings: string[] = [];
  const stack = [path.resolve(dir)];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    const info = await lstat(current).catch(() => null);
    if (!info || info.isSymbolicLink()) continue;
    if ((info.mode & 0o077) !== 0) {
      try {
        await chmod(current, info.mode & 0o700);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        warnings.push(`Cannot make ${current} private to this user: ${reason}`);
      }
    }
    if (info.isDirectory()) {
      const entries = await readdir(current).catch(() => []);
      for (const name of entries) stack.push(path.join(current, name));
    }
  }
  return warnings;
}
