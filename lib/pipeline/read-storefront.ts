import type { NamedApps } from "@/lib/apps/app-store/name-from-app-store";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { readHomePage } from "@/lib/findings";
import type { StorefrontHtml } from "@/lib/shopify-reader/fetch-home-page";
import { isStoreFailure, type StoreFailure } from "@/lib/shopify-reader/outcomes";
import type { Artifact } from "@/lib/snapshots/artifacts";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import { themeFinding } from "@/lib/storefront-html/theme-finding";

/** What one read of the home page gives: the storefront artifact, and what naming the apps learned. */
export type StorefrontRead = {
  storefront: Artifact<"storefront">;
  /** Whether the page carries Shopify's own markers (the `Shopify` global, its CDN); false when it was not read. */
  isShopify: boolean;
  /** App handles seen for the first time (an App Store lookup is owed for each). */
  newAppHandles: string[];
};

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/**
 * The theme, the apps and every home-page finding (lib/findings: tags, profiles, languages …),
 * read from the served home page, parsed once. One reading for the analysis (detect-apps) and
 * the quick look, so the two never say different things about the same page. `nameApps` names
 * the handles the catalog does not know (App Store listings looked up before). A page that
 * could not be read leaves theme and apps unknown, its failure kept as the artifact's error.
 */
export async function readStorefront(
  page: StorefrontHtml | StoreFailure,
  domain: string,
  nameApps: (detection: Omit<NamedApps, "newHandles">) => Promise<NamedApps>,
): Promise<StorefrontRead> {
  if (isStoreFailure(page)) {
    return {
      storefront: { theme: null, apps: [], title: null, metaDescription: null, fetched: false, error: page.message },
      isShopify: false,
      newAppHandles: [],
    };
  }
  const $ = loadHtml(page.html);
  const info = parseStorefrontDocument($);
  const named = await nameApps(reportStorefrontApps($, { storeHost: hostOf(page.url) ?? domain }));

  return {
    storefront: {
      theme: info.theme && { ...info.theme, name: info.theme.name ?? info.theme.themeStoreName, ...themeFinding(info.theme) },
      apps: named.apps,
      unidentifiedApps: named.unidentified,
      title: info.title,
      metaDescription: info.metaDescription,
      fetched: true,
      error: null,
      ...readHomePage({ $, signals: readPageSignals($) }),
    },
    isShopify: info.isShopify,
    newAppHandles: named.newHandles,
  };
}
