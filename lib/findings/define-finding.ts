import type { CheerioAPI } from "cheerio";
import type { z } from "zod";
import type { RenderArtifact } from "@/lib/render/schemas";
import type { Socials } from "@/lib/socials/schemas";
import type { PageSignals } from "@/lib/storefront-html/page-signals";
import type { DetectedApp, StorefrontTheme, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import type { Basis } from "./labelled";

/** The served home page, parsed once by detect-apps. */
export type HomePage = { $: CheerioAPI; signals: PageSignals };

/**
 * The pages findings are built from at build-report: the storefront artifact (the home page,
 * with every `home-page` finding under its key) and the pages artifact (the contact pages).
 */
export type FindingSources = {
  storefront:
    | ({ theme: StorefrontTheme | null; apps: DetectedApp[]; unidentifiedApps?: UnidentifiedApp[]; title: string | null } & Record<
        string,
        unknown
      >)
    | null;
  pages: { socials?: Socials } | null;
};

/** How the pages put figures and codes in words (components/reports/format.ts), handed to a finding's `text`. */
export type Words = {
  count: (value: number) => string;
  country: (code: string) => string;
  /** At most a dozen items, then "and N more". */
  list: (items: string[]) => string;
};

/** Something the detectors found in the rendered home page and not in the served HTML. */
export type AfterRenderFinding = RenderArtifact["afterRender"][number];

/** Where a finding's value comes from. */
export type FindingOrigin =
  /** Read from the served home page by `read`, kept in the storefront artifact under its key. */
  | "home-page"
  /** Built by `build` from what the pages' artifacts hold. */
  | "pages"
  /** Worked out by build-report itself (lib/pipeline/report-content.ts hands it in). */
  | "build-report";

/**
 * One finding of the report, declared once: its metadata key and schema, its basis, where it
 * comes from and how it joins what only the render saw, and where the report page and the store
 * page show it. The report's schema and OpenAPI, the storefront artifact, `buildMetadata`, the
 * lenient reading of stored reports (`readFindings`), the pages and the tools all read this.
 */
export type FindingDeclaration<
  K extends string = string,
  S extends z.ZodType = z.ZodType,
  O extends FindingOrigin = FindingOrigin,
  R extends boolean = boolean,
  P extends StorePage<z.output<S>> | undefined = StorePage<z.output<S>> | undefined,
> = {
  key: K;
  schema: S;
  basis: Basis;
  /** The field's description in the API; it says which reports lack it. */
  describe?: string;
  /** In every report (no report lacks it); otherwise absent in reports built before it was read. */
  required?: R;
  origin: O;
  /** `home-page`: the value read from the served home page. */
  read?: (page: HomePage) => z.output<S>;
  /** `pages` (or a `home-page` finding that adds other pages): the report's value; undefined leaves it out. */
  build?: (sources: FindingSources) => z.output<S> | undefined;
  /**
   * How what only the render saw joins the value kept for the home page (the storefront artifact's
   * field under this key); `app` is the app catalog's entry for an app finding, as detect-apps reports it.
   */
  afterRender?: (
    value: z.output<S>,
    found: readonly AfterRenderFinding[],
    app: (found: AfterRenderFinding) => DetectedApp | null,
  ) => z.output<S>;
  /** A stored value of an older shape, brought to this one before it is read (never written back). */
  upgrade?: (stored: unknown) => unknown;
  /**
   * The report page: a section of its own (bespoke, under components/reports/, titled so), or a
   * line of the store details with its label, how the value is obtained and the value in words.
   */
  page: { section: string } | { detail: { label: string; how?: string; text: (value: z.output<S>, words: Words) => string } };
  /**
   * The store page (GET /api/stores/:slug's `storefront`, null when the latest report lacks it):
   * its row's label, and the value in words, unless the store page draws it itself.
   */
  storePage?: P;
};

/** A finding's row on the store page: its label, and its value in words unless the page draws it itself. */
export type StorePage<V> = { label: string; text?: (value: V, words: Words) => string };

export type AnyFinding = FindingDeclaration<string, z.ZodType, FindingOrigin, boolean>;

/** Declares a finding; the helper only checks the declaration and keeps its literal types. */
export function defineFinding<
  const K extends string,
  S extends z.ZodType,
  const O extends FindingOrigin,
  const R extends boolean = false,
  const P extends StorePage<z.output<S>> | undefined = undefined,
>(declaration: FindingDeclaration<K, S, O, R, P>): FindingDeclaration<K, S, O, R, P> {
  return declaration;
}
