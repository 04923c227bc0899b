import { z } from "zod";
import { marketReportSchema } from "@/lib/market/schemas";
import { storeSummarySchema } from "@/lib/store-directory/schemas";
import { APP_CATEGORIES } from "@/lib/technologies/categories";

export { APP_CATEGORIES };

export const appCategorySchema = z.enum(APP_CATEGORIES);
export type AppCategory = z.infer<typeof appCategorySchema>;

/**
 * Resource URL fragment (script src, link href, iframe src, or a URL quoted inside an
 * inline script such as Shopify's ScriptTag loader). Matched case-insensitively, so it
 * is stored lower-case. A seven-character minimum keeps out fragments like "cdn." or
 * "app." that would match half the web.
 */
const srcPatternSchema = z
  .string()
  .min(7)
  .regex(/^[a-z0-9./_@-]+$/, "lower-case host/path characters only")
  .refine((s) => !/^(?:https?:)?\/\//.test(s), "no scheme: patterns are fragments, not URLs");

/** Code marker that only this app writes into an inline <script> (a global or config key). Case-sensitive. */
const inlinePatternSchema = z
  .string()
  .min(6)
  .refine((s) => s.trim() === s, "no surrounding whitespace");

/** <meta name|property> value, compared lower-case. */
const metaPatternSchema = z
  .string()
  .min(6)
  .regex(/^[a-z0-9:_-]+$/);

/**
 * Words an app's own snippet writes into an HTML comment (`Added by AVADA SEO Suite`,
 * `LayoutHub-Workspace-Start`). Case-sensitive, long enough to be only that app's.
 */
const commentPatternSchema = z
  .string()
  .min(8)
  .refine((s) => s.trim() === s, "no surrounding whitespace");

/** ".prefix" for a class-name prefix or "#prefix" for an id prefix. Case-sensitive. */
const domPatternSchema = z.string().regex(/^[.#][A-Za-z_][\w-]{3,}$/, "'.class-prefix' or '#id-prefix', 4+ chars");

/**
 * A Shopify app handle as app blocks name it (`shopify://apps/<handle>/blocks/…`), or the name of
 * an app extension's asset folder without its version (`cdn.shopify.com/extensions/<uuid>/<name>-<n>/`).
 * Compared exactly, so a short handle cannot match inside a longer one.
 */
const handlePatternSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{2,99}$/, "lower-case app handle");

/** An app's API client id, as its web pixel names it (`webPixelsConfigList[].apiClientId`). */
const clientIdPatternSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Every kind of pattern, strongest trace first. */
export const PATTERN_KINDS = ["handles", "clientIds", "src", "inline", "comments", "meta", "dom"] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

export const appPatternsSchema = z
  .object({
    src: z.array(srcPatternSchema).optional(),
    inline: z.array(inlinePatternSchema).optional(),
    comments: z.array(commentPatternSchema).optional(),
    meta: z.array(metaPatternSchema).optional(),
    dom: z.array(domPatternSchema).optional(),
    handles: z.array(handlePatternSchema).optional(),
    clientIds: z.array(clientIdPatternSchema).optional(),
  })
  .strict()
  .refine((p) => PATTERN_KINDS.some((kind) => (p[kind]?.length ?? 0) > 0), "an app needs at least one detection pattern");

export type AppPatterns = z.infer<typeof appPatternsSchema>;

export const appSchema = z
  .object({
    /** Stable identifier; store_apps rows reference it, so never rename one. */
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "kebab-case"),
    name: z.string().min(2),
    category: appCategorySchema,
    website: z.url({ protocol: /^https$/ }),
    description: z
      .string()
      .min(20)
      .max(200)
      .refine((s) => s.endsWith("."), "one full sentence"),
    patterns: appPatternsSchema,
    /** Shopify's own app (Inbox, Geolocation …): part of the platform, reported apart from third-party apps. */
    firstParty: z.literal(true).optional(),
  })
  .strict();

export type App = z.infer<typeof appSchema>;

function allPatterns(app: App): { kind: PatternKind; value: string }[] {
  const out: { kind: PatternKind; value: string }[] = [];
  for (const kind of PATTERN_KINDS) {
    for (const value of app.patterns[kind] ?? []) out.push({ kind, value: String(value) });
  }

  return out;
}

/** Handles and client ids are compared whole; the other kinds are found inside longer text. */
const EXACT_KINDS: ReadonlySet<string> = new Set<PatternKind>(["handles", "clientIds"]);

/**
 * The whole catalog: unique slugs and names, and no pattern shared between two apps
 * or (for the kinds found inside longer text) contained in another app's pattern of the same kind, so every match names exactly
 * one app and a longer pattern can never hide a shorter one of a different app.
 */
export const appCatalogSchema = z
  .array(appSchema)
  .min(100)
  .superRefine((apps, ctx) => {
    const slugs = new Set<string>();
    const names = new Set<string>();
    const owners = new Map<string, string>();
    for (const app of apps) {
      if (slugs.has(app.slug)) ctx.addIssue({ code: "custom", message: `duplicate slug ${app.slug}` });
      if (names.has(app.name)) ctx.addIssue({ code: "custom", message: `duplicate name ${app.name}` });
      slugs.add(app.slug);
      names.add(app.name);
      for (const { kind, value } of allPatterns(app)) {
        const key = `${kind}:${value}`;
        const owner = owners.get(key);
        if (owner && owner !== app.slug) {
          ctx.addIssue({ code: "custom", message: `pattern ${key} used by ${owner} and ${app.slug}` });
        }
        owners.set(key, app.slug);
      }
    }
    const entries = [...owners.entries()];
    for (const [keyA, ownerA] of entries) {
      for (const [keyB, ownerB] of entries) {
        if (ownerA === ownerB || keyA === keyB) continue;
        const [kindA, ...a] = keyA.split(":");
        const [kindB, ...b] = keyB.split(":");
        if (kindA === kindB && !EXACT_KINDS.has(kindA as string) && b.join(":").includes(a.join(":"))) {
          ctx.addIssue({ code: "custom", message: `pattern ${keyA} (${ownerA}) is inside ${keyB} (${ownerB})` });
        }
      }
    }
  });

/** An app of the directory with how many analyzed stores run it (GET /api/apps). */
export const directoryAppSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  stores: z.number().int(),
});

/** A marketing tag or pixel kind with how many directory stores carry it (GET /api/apps). */
export const directoryTagSchema = z.object({
  kind: z.string().describe("The tag kind's stable slug (google-analytics-4, meta-pixel…), the `tag` filter of GET /api/stores"),
  name: z.string(),
  stores: z.number().int().describe("Listed stores whose latest analysis found it"),
});

export const appListSchema = z.object({
  data: z.array(directoryAppSchema),
  categories: z.array(appCategorySchema),
  tags: z
    .array(directoryTagSchema)
    .describe("Pixels and tags seen on directory stores, most stores first; all of them, whatever category or q filters the apps"),
});
export type AppList = z.infer<typeof appListSchema>;

/**
 * GET /api/apps/:name: the app, the stores last seen running it (at most 50, newest first), and
 * its market report (installs and removals by week, co-installs, share of its category, countries
 * and themes of its stores).
 */
export const appDetailSchema = directoryAppSchema.extend({
  recent_stores: z.array(storeSummarySchema),
  app_store_url: z
    .url()
    .nullable()
    .describe("Its Shopify App Store listing, where the catalog names it or a lookup found it; null otherwise"),
  icon_url: z.url().nullable().describe("Its icon, from its App Store listing where a lookup found one; null otherwise"),
  market: marketReportSchema.omit({ recent_stores: true }),
});
export type AppDetail = z.infer<typeof appDetailSchema>;
