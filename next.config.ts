import type { NextConfig } from "next";

// Only erasable TypeScript (type imports and annotations): the server loads this file with Node's
// own type stripping (server/start-server.ts), so reading it costs no compiler at start.
const nextConfig: NextConfig = {
  // The custom server (server.ts) owns the HTTP server; Next only renders.
  poweredByHeader: false,
  // `npm test` typechecks in a stage of its own (scripts/test.sh) while the build runs beside it;
  // checking the same program twice cost the build a minute of CPU on 2 cores. Every other build
  // (npm start, a deploy) still stops on a type error.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED_ELSEWHERE === "1" },
  // Native and WASM packages are loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "inngest"],
  typedRoutes: false,
  // Route modules load on their first request instead of all at start (an idle server never
  // reads most of them).
  // A CI build starts from a clean clone and is thrown away: writing Turbopack's build cache
  // (over 200 MB) cost it more than a minute and was never read again.
  experimental: { preloadEntriesOnStart: false, turbopackFileSystemCacheForBuild: !process.env.CI },
  // The tracked stores' pages said "shops" until 2026-11-27: old bookmarks keep working.
  async redirects() {
    return [{ source: "/dashboard/tracked-shops/:path*", destination: "/dashboard/tracked-stores/:path*", permanent: true }];
  },
};

export default nextConfig;
