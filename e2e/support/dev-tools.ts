/**
 * The development tools' token the browser tests give the server (`DEV_TOOLS_TOKEN`); a normal start
 * draws a random one and prints the URL.
 */
export const E2E_DEV_TOOLS_TOKEN = "e2e-dev-tools-0123456789abcdef0123";

/** A path of the development tools, e.g. `devToolsPath("/outbox")` → `/dev/<token>/outbox`. */
export function devToolsPath(path: string): string {
  return `/dev/${E2E_DEV_TOOLS_TOKEN}${path}`;
}
