import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export type LegacyIdp = {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** Signs a token with the served key; `expiresIn` in seconds (negative: already expired). */
  sign(claims: JWTPayload & { sub?: string }, options?: { expiresIn?: number; issuer?: string; audience?: string }): Promise<string>;
  /** Signs with a key the JWKS does not serve (a forged token). */
  signWithForeignKey(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
};

/** A stand-in for the legacy identity provider: an RS256 key served as a JWKS on loopback. */
export async function startLegacyIdp(): Promise<LegacyIdp> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };

  const server: Server = createServer((req, res) => {
    if (req.url === "/.well-known/jwks.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = "https://legacy-idp.test/";
  const audience = "storelens";

  const sign = async (
    claims: JWTPayload,
    options: { expiresIn?: number; issuer?: string; audience?: string } = {},
    key: CryptoKey = privateKey,
    kid = "test-key-1",
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? 600;

    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuedAt(expiresIn < 0 ? now + expiresIn - 60 : now)
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setExpirationTime(now + expiresIn)
      .sign(key);
  };

  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    issuer,
    audience,
    sign: (claims, options) => sign(claims, options),
    signWithForeignKey: (claims) => sign(claims, {}, foreign.privateKey, "test-key-1"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
