import { z } from "zod";
import { readBoundValue } from "./script-literals";

/**
 * One entry of the `webPixelsConfigList` Shopify inlines in every storefront (2023 on): each app
 * pixel (`type: "APP"`, with the app's `apiClientId`) and each custom pixel the merchant pasted
 * (`type: "CUSTOM"`, with the name they gave it). Shopify's own two are on every page
 * (`shopify-app-pixel`, `shopify-custom-pixel`) and are marked `shopifyOwn`.
 */
export type WebPixel = {
  id: string;
  type: "APP" | "CUSTOM" | "OTHER";
  /** The app's API client id (APP pixels); null for custom pixels and Shopify's own. */
  apiClientId: number | null;
  /** The merchant's name for a custom pixel, cut to 100 characters. */
  name: string | null;
  /** The pixel's `configuration` JSON string, parsed; null when absent or not a JSON object. */
  configuration: Record<string, unknown> | null;
  /** Shopify's own pixels, present on every storefront. */
  shopifyOwn: boolean;
};

/** A page lists a few dozen at most; past this it is not a real storefront's list. */
const MAX_WEB_PIXELS = 100;
const MAX_CONFIGURATION_CHARS = 20_000;

const SHOPIFY_OWN_IDS = new Set(["shopify-app-pixel", "shopify-custom-pixel"]);

const rawPixelSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string().optional(),
  apiClientId: z.union([z.number(), z.string()]).optional(),
  name: z.string().optional(),
  configuration: z.string().optional(),
});

function parseConfiguration(text: string | undefined): Record<string, unknown> | null {
  if (!text || text.length > MAX_CONFIGURATION_CHARS) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toPixel(value: unknown): WebPixel | null {
  const parsed = rawPixelSchema.safeParse(value);
  if (!parsed.success) return null;
  const raw = parsed.data;
  const clientId = typeof raw.apiClientId === "number" ? raw.apiClientId : Number.parseInt(raw.apiClientId ?? "", 10);
  const type = raw.type === "APP" || raw.type === "CUSTOM" ? raw.type : "OTHER";

  return {
    id: raw.id.slice(0, 100),
    type,
    apiClientId: Number.isSafeInteger(clientId) && clientId > 0 ? clientId : null,
    name: raw.name ? raw.name.trim().slice(0, 100) || null : null,
    configuration: parseConfiguration(raw.configuration),
    shopifyOwn: SHOPIFY_OWN_IDS.has(raw.id),
  };
}

/** The web pixels a storefront's inline scripts declare (empty on pages from before them). */
export function readWebPixels(inlineScripts: readonly string[]): WebPixel[] {
  const scripts = inlineScripts.filter((text) => text.includes("webPixelsConfigList"));
  const list = readBoundValue(scripts, "webPixelsConfigList", ":");
  if (!Array.isArray(list)) return [];

  return (list as unknown[])
    .slice(0, MAX_WEB_PIXELS)
    .map(toPixel)
    .filter((pixel): pixel is WebPixel => pixel !== null);
}
