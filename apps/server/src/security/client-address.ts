import type { FastifyRequest } from "fastify";

/** Fastify's `trustProxy` option (see proxy-addr): false, a hop test, or addresses/CIDRs/names. */
export type TrustProxySetting = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Parses `TRUST_PROXY`: which reverse proxies may set `X-Forwarded-For` (and `-Proto`, `-Host`).
 * - unset/empty/`false`: trust nobody; the client address is the TCP peer.
 * - a number `n`: trust the `n` nearest hops (e.g. `1` behind one load balancer).
 * - a comma list of addresses, CIDRs or proxy-addr names (`loopback`, `linklocal`, `uniquelocal`),
 *   e.g. `loopback` for nginx on the same machine or `10.0.0.0/8`.
 * `true` is refused: trusting every hop lets any client pick its own address.
 * @throws {Error} for `true` or an empty list entry.
 */
export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const v = (value ?? "").trim();
  if (v === "" || v.toLowerCase() === "false") return false;
  if (v.toLowerCase() === "true")
    throw new Error(
      "TRUST_PROXY=true would trust X-Forwarded-For from anyone; give the proxy's address (e.g. loopback, 10.0.0.5) or a hop count",
    );
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const list = v.split(",").map((s) => s.trim());
  if (list.some((s) => s === "")) throw new Error("TRUST_PROXY has an empty entry");
  return list;
}

/**
 * The client's address for rate limits: Fastify's `request.ip`, which follows `X-Forwarded-For`
 * only through the proxies `TRUST_PROXY` names (otherwise it is the TCP peer). IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) is given as IPv4.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip = (request.ip || request.socket.remoteAddress || "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  return mapped?.[1] ?? ip;
}
