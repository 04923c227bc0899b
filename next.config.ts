import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The custom server (server.ts) owns the HTTP server; Next only renders.
  poweredByHeader: false,
  // Native and WASM packages are loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "inngest"],
  typedRoutes: false,
};

export default nextConfig;
