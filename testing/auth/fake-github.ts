import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One GitHub user as the fake serves it: /user and /user/emails. */
export type FakeGitHubIdentity = {
  id: number;
  login: string;
  /** The public e-mail of /user (null: none public). */
  publicEmail: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export type FakeGitHub = {
  /** The GitHub Enterprise base URL to hand the provider (githubProvider enterpriseBaseUrl). */
  baseUrl: string;
  /** An authorization code that signs in as this identity. */
  codeFor(identity: FakeGitHubIdentity): string;
  close(): Promise<void>;
};

/**
 * A stand-in for GitHub's OAuth endpoints on loopback, at GitHub Enterprise paths: the
 * token exchange (any code it issued) and the two API calls the provider makes.
 */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const byToken = new Map<string, FakeGitHubIdentity>();
  let issued = 0;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
        const code = new URLSearchParams(raw).get("code") ?? "";
        if (!byToken.has(code)) return void res.writeHead(400).end(JSON.stringify({ error: "bad_verification_code" }));
        return void res.writeHead(200).end(JSON.stringify({ access_token: code, token_type: "bearer", scope: "read:user,user:email" }));
      }
      const identity = byToken.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!identity) return void res.writeHead(401).end(JSON.stringify({ message: "Bad credentials" }));
      if (url.pathname === "/api/v3/user") {
        return void res
          .writeHead(200)
          .end(
            JSON.stringify({ id: identity.id, login: identity.login, name: identity.login, email: identity.publicEmail, avatar_url: null }),
          );
      }
      if (url.pathname === "/api/v3/user/emails") return void res.writeHead(200).end(JSON.stringify(identity.emails));
      res.writeHead(404).end(JSON.stringify({ message: "Not Found" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    codeFor(identity) {
      const code = `gho_fake_${++issued}_${identity.id}`;
      byToken.set(code, identity);

      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
