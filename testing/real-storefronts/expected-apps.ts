// What the report should say about each captured page's apps (truth.json), written by hand: each
// truth vendor → the catalog slug we report it as, or `handle:<handle>` / `client:<id>` / `proxy:<subpath>` for an app
// reported as unidentified. `also` lists what the page may report besides its truth apps, each with
// the reason: tags the truth lists as pixels (the catalog keeps them as analytics apps), services
// the truth lists under other_third_party. Shopify's own apps (first_party) are not third-party
// claims and are never counted as extra (see score-apps.ts).

export type PageAppExpectation = { apps: Record<string, string>; also?: string[] };

export const EXPECTED_APPS: Record<string, PageAppExpectation> = {
  "rayconglobal.com": {
    apps: {
      "Shopify Product Reviews": "shopify-product-reviews",
      NoFraud: "nofraud",
      Klaviyo: "klaviyo",
      "Snapchat Ads (Shopify app)": "snapchat-ads",
      "Clyde (product protection)": "clyde",
      "Stamped.io (reviews)": "stamped",
      "Weglot (translation)": "weglot",
      Privy: "privy",
      "EasyGDPR (cookie banner)": "easygdpr",
      "Cozy Country Redirect": "cozy-country-redirect",
      "Klarna On-Site Messaging": "klarna",
      "Loox (reviews)": "loox",
      "Attentive (SMS)": "attentive",
      "Talkable (referrals)": "talkable",
      "Kustomer (live chat)": "kustomer",
      "Global-e / Interpay localize": "global-e",
    },
    // Pixels: Google Ads/Analytics, Tag Manager, Hotjar, Meta, Bing UET, X, TikTok, Pinterest, Snapchat.
    also: [
      "google-analytics",
      "google-tag-manager",
      "hotjar",
      "microsoft-ads-uet",
      "x-pixel",
      "meta-pixel",
      "tiktok-pixel",
      "pinterest-tag",
      "snapchat-pixel",
    ],
  },
  "ushoperra.com": { apps: { "Flex Returns (returns portal)": "flex-returns" } },
  "professordantcg.com": {
    apps: {
      "BUCKS Currency Converter": "bucks-currency-converter",
      "AVADA (Email Marketing)": "avada-email-marketing",
      "Gelato (print on demand / personalization editor)": "gelato",
    },
    // other_third_party: the Mailchimp sign-up form URL in the theme settings.
    also: ["mailchimp"],
  },
  "risebar.com": { apps: { "ShareASale (affiliate program)": "shareasale" } },
  "toytreetx.com": {
    apps: {
      "Omega Facebook Chat (omegatheme)": "omega-facebook-chat",
      "Booster Apps (Back in Stock)": "booster-apps-back-in-stock",
      "UserWay (accessibility widget)": "userway",
      "Hextom Free Shipping Bar": "hextom-free-shipping-bar",
      "Hextom Quick Announcement Bar": "hextom-quick-announcement-bar",
      "MinMaxify (Order Limits)": "minmaxify",
      "Globo Product Options": "globo-product-options",
      "LDT Gift Wrap": "ldt-gift-wrap",
      "Google & YouTube (Shopify app)": "google-youtube",
    },
    // Pixels: Google Analytics 4 / Google Ads.
    also: ["google-analytics"],
  },
  // Pixels: Google Tag Manager, Meta.
  "minksha.co.in": { apps: {}, also: ["google-tag-manager", "meta-pixel"] },
  "arabianpetals.com": {
    apps: {
      "Giftship (gift messages / multiple addresses)": "giftship",
      "WhatsApp Button (Eaze Apps)": "whatsapp-button-eaze",
      "Facebook & Instagram (Meta, Shopify app)": "facebook-instagram",
      "Snapchat Ads (Shopify app)": "snapchat-ads",
    },
  },
  "posterchildprints.com": {
    apps: {
      Klaviyo: "klaviyo",
      "Qikify BOGO / Free Gift (BoosterKit)": "qikify-bogo",
      "Google & YouTube (Shopify app)": "google-youtube",
      "Facebook & Instagram (Meta, Shopify app)": "facebook-instagram",
      "Pinterest (Shopify app)": "pinterest-channel",
    },
  },
  "wearwellow.com": {
    apps: {
      "Attentive (SMS)": "attentive",
      "Lucky Orange": "lucky-orange",
      "HulkApps Order Lookup": "hulk-order-lookup",
      "OTP login widget (app proxy /apps/otp)": "proxy:otp",
      "Gorgias (chat)": "gorgias",
      "bundle.dyn-rev.app (bundles app)": "script:bundle.dyn-rev.app",
      "GovX ID (military/first-responder discounts)": "govx-id",
      "Awin (affiliate)": "awin",
      "BYOB - Build Your Own Bundle (ilovebyob)": "byob",
      Wunderkind: "wunderkind",
      "Triple Whale (Triple Pixel)": "triple-whale",
      Klaviyo: "klaviyo",
      "Yotpo (reviews)": "yotpo-reviews",
      "OneTrust (cookie consent)": "onetrust",
      "UserWay (accessibility widget)": "userway",
      "Google & YouTube (Shopify app)": "google-youtube",
      "TikTok (Shopify app)": "tiktok-channel",
      "Facebook & Instagram (Meta, Shopify app)": "facebook-instagram",
      "Pinterest (Shopify app)": "pinterest-channel",
      "Unidentified app web pixels": "client:2436932",
    },
    // The truth's three unidentified pixels (one entry above); pixels: Google tag, Tag Manager, Clarity, Meta, TikTok, Pinterest.
    also: [
      "client:2753413",
      "client:2775569",
      "google-analytics",
      "google-tag-manager",
      "microsoft-clarity",
      "meta-pixel",
      "tiktok-pixel",
      "pinterest-tag",
    ],
  },
  "mysknbody.com": {
    apps: {
      "Yotpo Product Photo Reviews": "yotpo-reviews",
      "GemPages (page builder)": "gempages",
      "Appstle Subscriptions": "appstle-subscriptions",
    },
  },
  "realitees.in": {
    apps: {
      "Swym Wishlist Plus": "swym-wishlist-plus",
      "Instafeed (nfcube)": "instafeed",
      "Judge.me (reviews)": "judge-me",
      "GoAffPro (affiliate)": "goaffpro",
      "Shipway (Convert / order tracking widget)": "shipway",
      "Fastrr by Pickrr (checkout)": "fastrr",
      "Breeze (1-click checkout)": "breeze-checkout",
      "Nector (rewards)": "nector",
      "Proof Bear Sales Popup": "proof-bear",
      "OnePixel (Facebook Pixel & TikTok)": "onepixel",
      "Use Google Fonts / Custom Fonts": "use-google-fonts",
      "Facebook & Instagram (Meta, Shopify app)": "facebook-instagram",
      "Unidentified app web pixel (apiClientId 6348385)": "client:6348385",
    },
    also: ["meta-pixel"],
  },
  "divinecheats.net": {
    apps: {
      "UpPromote (affiliate marketing)": "uppromote",
      "UpPromote web pixel (probable)": "client:2773553",
    },
    // other_third_party: a script from shopify.jsdeliver.cloud in <head>, of unknown purpose.
    also: ["script:shopify.jsdeliver.cloud"],
  },
  "feastables.com": {
    apps: {
      "Okendo (reviews) - probable": "okendo",
      "Unidentified ScriptTag (d3ox8tdk614ykk.cloudfront.net)": "script:d3ox8tdk614ykk.cloudfront.net",
      "Postscript (SMS)": "postscript",
      Klaviyo: "klaviyo",
      "Tolstoy (shoppable video)": "tolstoy",
      "Kustomer (chat)": "kustomer",
      "OneTrust (cookie consent)": "onetrust",
      "Google & YouTube (Shopify app)": "google-youtube",
      "Facebook & Instagram (Meta, Shopify app)": "facebook-instagram",
    },
    // Pixels: Google Analytics 4 / Google Ads, Meta.
    also: ["google-analytics", "meta-pixel"],
  },
  "wth6h1-i1.myshopify.com": { apps: { "Zedy (cart/checkout integration, Brazil)": "zedy" } },
  "thfgroup.co.in": {
    apps: {
      "EasyAds (pixels / Google Shopping)": "easyads",
      "EasyAds web pixel (probable)": "client:55634460673",
      "EcomSend Popups": "ecomsend-popups",
    },
    // Pixels: Google Analytics 4, Meta.
    also: ["google-analytics", "meta-pixel"],
  },
  "fedus.in": {
    apps: {
      "AVADA SEO Suite": "avada-seo",
      "AVADA Flying Pages (page speed)": "avada-flying-pages",
      "Shopify Product Reviews (legacy)": "shopify-product-reviews",
      "Globo Form Builder (Powerful Contact Form Builder)": "globo-form-builder",
      "AdPerfect marketing platform": "adperfect",
      "Air Product Reviews": "air-reviews",
      "Websyms Form Builder": "script:formbuilder.websyms.in",
    },
    // Pixels: Google Analytics (Universal and 4), Google Ads, Meta.
    also: ["google-analytics", "google-tag-manager", "meta-pixel"],
  },
};
