import { getEnv, type Env } from "@/lib/env";
import packageJson from "@/package.json";

/** SCRAPER_USER_AGENT, or `StoreLensBot/<version> (+<BASE_URL>/bot)`: the page that explains the bot. */
export function scraperUserAgent(env: Env = getEnv()): string {
  return env.SCRAPER_USER_AGENT ?? `StoreLensBot/${packageJson.version} (+${env.BASE_URL.replace(/\/+$/, "")}/bot)`;
}
