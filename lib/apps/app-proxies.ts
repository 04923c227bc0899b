/**
 * App proxy subpaths (`/apps/<subpath>` on the store's own host) that name one catalog app, each
 * seen on a real storefront page (the page in testing/fixtures/real-storefronts, or the address,
 * beside it). A subpath is the app's default, which a merchant may rename, so only ones read on
 * real pages are listed; any other is reported as an unidentified app by its path.
 */
export const APP_PROXY_PATHS: Readonly<Record<string, string>> = {
  // professordantcg.com: asyncLoad `https://professordan.myshopify.com/apps/buckscc/sdk.min.js`
  buckscc: "bucks-currency-converter",
  // realitees.in: `interface: "/apps/swym" + swappName + "/interfaces/…"`
  swym: "swym-wishlist-plus",
  // Not `ba_fb_app`: every Booster app of a store answers on it (toytreetx.com's back-in-stock,
  // grandrivertea.ca's marketing messages), so it names the vendor, not the app.
  // toytreetx.com: `window.LDT_GIFTWRAP.EMBED.appProxyPath = "/apps/ldt-giftwrap"`
  "ldt-giftwrap": "ldt-gift-wrap",
};
