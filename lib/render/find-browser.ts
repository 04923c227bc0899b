import { getEnv } from "@/lib/env";
import { findChromium } from "./find-chromium";

export type BrowserStatus = { status: "found"; path: string } | { status: "missing"; message: string } | { status: "disabled" };

/**
 * Whether this process renders, and with which browser: RENDER=false never; otherwise the browser
 * the tests would find (CHROMIUM_PATH, else the system's, else Playwright's download). A few file
 * checks, no launch: /api/health asks it on every call.
 */
export function findRenderBrowser(): BrowserStatus {
  const env = getEnv();
  if (env.RENDER === false) return { status: "disabled" };
  const found = findChromium({ ...process.env, CHROMIUM_PATH: env.CHROMIUM_PATH });

  return found.found ? { status: "found", path: found.path } : { status: "missing", message: found.message };
}
