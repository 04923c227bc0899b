import { getEnv } from "@/lib/env";

/** The public origin (`BASE_URL`), without a trailing slash: what every absolute link we write starts with. */
export const siteUrl = () => getEnv().BASE_URL.replace(/\/$/, "");
