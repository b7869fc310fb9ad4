import { createPublicKey, type JsonWebKey, verify } from "node:crypto";

/** SPEC §8 "Token checks" messages. */
export const JWKS_ERRORS = {
  empty: "JWKS is empty",
  noKey: "No matching signing key found in JWKS",
  badSignature: "Invalid JWT signature",
} as const;

/** A token check failure with one of the SPEC §8 messages (or a malformed/expired-token message). */
export class JwtVerificationError extends Error {
  override name = "JwtVerificationError";
}

/** A JSON Web Key Set as served at `/api/auth/jwks`. */
export interface Jwks {
  keys: (JsonWebKey & { kid?: string; alg?: string })[];
}

/** The verified claims of a service token. */
export interface ServiceTokenClaims {
  sub: string;
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
  [claim: string]: unknown;
}

function b64urlJson(part: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new JwtVerificationError("Malformed JWT");
  }
}

/**
 * Verifies a JWT issued by the app's auth server (`GET /api/auth/token`, better-auth's jwt plugin) against
 * its JWKS (`GET /api/auth/jwks`), for service-to-service calls such as the analysis workers.
 * Supports EdDSA (Ed25519, better-auth's default), ES256/ES384/ES512, RS256 and PS256.
 * @param token the compact JWT.
 * @param jwks  the key set.
 * @param now   seconds since the epoch (default: now), for the `exp`/`nbf` checks.
 * @returns the claims.
 * @throws {JwtVerificationError} "JWKS is empty"; "No matching signing key found in JWKS" (no key with the
 *   token's `kid`, or none with its algorithm); "Invalid JWT signature"; "Malformed JWT"; "JWT expired".
 */
export function verifyServiceToken(
  token: string,
  jwks: Jwks,
  now = Math.floor(Date.now() / 1000),
): ServiceTokenClaims {
  if (!jwks.keys || jwks.keys.length === 0) throw new JwtVerificationError(JWKS_ERRORS.empty);
  const parts = token.split(".");
  if (parts.length !== 3) throw new JwtVerificationError("Malformed JWT");
  const [h, p, s] = parts as [string, string, string];
  const header = b64urlJson(h);
  const alg = typeof header.alg === "string" ? header.alg : "";
  const kid = typeof header.kid === "string" ? header.kid : undefined;
  const jwk = jwks.keys.find((k) => (kid ? k.kid === kid : true) && (!k.alg || k.alg === alg));
  if (!jwk) throw new JwtVerificationError(JWKS_ERRORS.noKey);
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    throw new JwtVerificationError(JWKS_ERRORS.noKey);
  }
  const data = Buffer.from(`${h}.${p}`);
  const signature = Buffer.from(s, "base64url");
  let ok = false;
  try {
    if (alg === "EdDSA") ok = verify(null, data, key, signature);
    else if (/^ES(256|384|512)$/.test(alg))
      ok = verify(`sha${alg.slice(2)}`, data, { key, dsaEncoding: "ieee-p1363" }, signature);
    else if (alg === "RS256") ok = verify("sha256", data, key, signature);
    else if (alg === "PS256") ok = verify("sha256", data, { key, padding: 6, saltLength: 32 }, signature);
    else throw new JwtVerificationError(JWKS_ERRORS.noKey);
  } catch (err) {
    if (err instanceof JwtVerificationError) throw err;
    ok = false;
  }
  if (!ok) throw new JwtVerificationError(JWKS_ERRORS.badSignature);
  const claims = b64urlJson(p) as ServiceTokenClaims;
  if (typeof claims.exp === "number" && claims.exp <= now) throw new JwtVerificationError("JWT expired");
  if (typeof claims.nbf === "number" && claims.nbf > now) throw new JwtVerificationError("JWT not yet valid");
  return claims;
}
