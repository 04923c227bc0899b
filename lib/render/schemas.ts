import { z } from "zod";
import { confidenceSchema, evidenceSourceSchema } from "@/lib/storefront-html/schemas";

/**
 * Why a render ended without screenshots. Each is a finished render step, never a failed job:
 * the report then says "not rendered: <code>".
 */
export const renderCodeSchema = z.enum([
  /** RENDER=false. */
  "render_disabled",
  /** No Chromium on this machine (lib/render/find-chromium.ts). */
  "render_no_browser",
  /** The browser did not start. */
  "render_launch_failed",
  /** The page did not load within the time budget (it never finished, or it hung its thread). */
  "render_timeout",
  /** The page asked for a private, loopback or link-local address, or a host our guard refused. */
  "render_blocked_request",
  /** The page opened a pop-up or another window. */
  "render_popup",
  /** The page started a download. */
  "render_download",
  /** The page's script heap, or the browser's whole memory (every process, its files), passed its budget. */
  "render_memory",
  /** The page's renderer process died. */
  "render_crashed",
  /** The page's requests passed the byte or request budget. */
  "render_too_large",
  /** A screenshot came out larger than the cap. */
  "render_screenshot_too_large",
  /** The screenshots would pass the job's storage budget (JOB_STORAGE_BUDGET_MB). */
  "render_storage_budget",
  /** Anything else the browser threw. */
  "render_failed",
]);
export type RenderCode = z.infer<typeof renderCodeSchema>;

export const screenshotSizeSchema = z.enum(["desktop", "phone"]);
export type ScreenshotSize = z.infer<typeof screenshotSizeSchema>;

/** The two viewports a store's home page is rendered at (viewport only, not the full page). */
export const SCREENSHOT_VIEWPORTS: Record<ScreenshotSize, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** What one render's requests did: counted as the browser asked, refused ones by reason. */
export const renderRequestStatsSchema = z.object({
  requests: z.number().int().min(0).describe("Requests the page made (each answered or refused by us, never by the browser itself)"),
  bytes: z.number().int().min(0).describe("Bytes of the answers handed to the browser"),
  refused: z
    .record(z.string(), z.number().int().min(0))
    .describe("Requests refused, by reason (method, scheme, other_host, private_address, robots, …)"),
});
export type RenderRequestStats = z.infer<typeof renderRequestStatsSchema>;

/** What a job's render step kept (the "render" artifact); the report's metadata.render is built from it. */
export const renderArtifactSchema = z.object({
  status: z.enum(["rendered", "not_rendered"]),
  code: renderCodeSchema.nullable(),
  message: z.string().nullable(),
  /** The sizes whose screenshot is stored (render_screenshots). */
  screenshots: z.array(screenshotSizeSchema),
  stats: renderRequestStatsSchema,
  /** Bytes of the stored screenshots, counted in the job's storage budget. */
  storedBytes: z.number().int().min(0),
  durationMs: z.number().int().min(0),
  /** What the detectors found in the rendered page and not in the served HTML. */
  afterRender: z.array(
    z.object({
      kind: z.enum(["app", "theme", "tag"]),
      /** The app's slug, the theme's name, or the tag's kind (lib/marketing/tag-kinds.ts). */
      slug: z.string(),
      name: z.string(),
      /** A tag's id (G-…, a pixel id); absent for apps and themes. */
      id: z.string().nullable().optional(),
      evidence: z.string(),
      source: evidenceSourceSchema.optional(),
      confidence: confidenceSchema.optional(),
    }),
  ),
});
export type RenderArtifact = z.infer<typeof renderArtifactSchema>;
