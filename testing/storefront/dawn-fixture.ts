/**
 * A realistic home page of a bare Shopify store on the Dawn theme with no apps
 * installed, modelled on what Shopify's storefront renderer emits (content_for_header
 * with Shop Pay, web pixels, Trekkie analytics, perf-kit; Dawn's own assets under
 * /cdn/shop/t/…). Used by tests as the "no apps" baseline, and by anything that needs
 * storefront HTML: pass app snippets in `head`/`body` to simulate installed apps.
 */
export type DawnFixtureOptions = {
  shopName?: string;
  /** Primary domain, e.g. "demo-store.com". */
  domain?: string;
  myshopifyDomain?: string;
  currency?: string;
  country?: string;
  /**
   * The `Shopify.theme = …;` statement's right-hand side. Pass a custom string to
   * test garbled input, or null to leave the statement out.
   */
  themeJson?: string | null;
  /** Extra HTML placed at the end of <head> (app embeds usually go here). */
  head?: string;
  /** Extra HTML placed at the end of <body>. */
  body?: string;
  /** Number of product cards in the featured collection (inflate to make big pages). */
  productCount?: number;
};

const DEFAULT_THEME_JSON =
  '{"name":"Dawn","id":136712831211,"schema_name":"Dawn","schema_version":"15.2.0","theme_store_id":887,"role":"main"}';

function productCard(i: number, domain: string): string {
  const handle = `organic-cotton-tee-${i}`;
  return `
<li class="grid__item scroll-trigger animate--slide-in" data-cascade style="--animation-order: ${i % 8};">
  <div class="card-wrapper product-card-wrapper underline-links-hover">
    <div class="card card--standard card--media" style="--ratio-percent: 125.0%;">
      <div class="card__inner color-scheme-2 gradient ratio" style="--ratio-percent: 125.0%;">
        <div class="card__media">
          <div class="media media--transparent media--hover-effect">
            <img srcset="//${domain}/cdn/shop/files/tee-${i}.jpg?v=1712345678&width=165 165w, //${domain}/cdn/shop/files/tee-${i}.jpg?v=1712345678&width=360 360w" src="//${domain}/cdn/shop/files/tee-${i}.jpg?v=1712345678&width=533" sizes="(min-width: 1200px) 267px, calc(100vw - 130px)" alt="Organic cotton tee ${i}" class="motion-reduce" loading="lazy" width="1200" height="1500">
          </div>
        </div>
      </div>
      <div class="card__content">
        <div class="card__information">
          <h3 class="card__heading h5" id="title-template--17461234567890__featured_collection-${8000000000 + i}">
            <a href="/products/${handle}" id="CardLink-template--17461234567890__featured_collection-${8000000000 + i}" class="full-unstyled-link" aria-labelledby="CardLink-template--17461234567890__featured_collection-${8000000000 + i} Badge-template--17461234567890__featured_collection-${8000000000 + i}">Organic cotton tee ${i} &ndash; relaxed fit, "washed" finish {limited}</a>
          </h3>
          <div class="card-information">
            <span class="caption-large light"></span>
            <div class="price"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">&euro;29,00 EUR</span></div></div></div>
          </div>
        </div>
      </div>
    </div>
  </div>
</li>`;
}

export function buildDawnStorefrontHtml(options: DawnFixtureOptions = {}): string {
  const shopName = options.shopName ?? "Demo Store";
  const domain = options.domain ?? "demo-store.com";
  const myshopify = options.myshopifyDomain ?? "demo-store.myshopify.com";
  const currency = options.currency ?? "EUR";
  const country = options.country ?? "PT";
  const themeJson = options.themeJson === undefined ? DEFAULT_THEME_JSON : options.themeJson;
  const cards = Array.from({ length: options.productCount ?? 8 }, (_, i) => productCard(i + 1, domain)).join("");
  const themeStatement =
    themeJson === null
      ? ""
      : `Shopify.theme = ${themeJson};\nShopify.theme.handle = "null";\nShopify.theme.style = {"id":null,"handle":null};\n`;

  return `<!doctype html>
<html class="js" lang="en">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="theme-color" content="">
    <link rel="canonical" href="https://${domain}/">
    <link rel="preconnect" href="https://cdn.shopify.com" crossorigin>
    <link rel="icon" type="image/png" href="//${domain}/cdn/shop/files/favicon.png?crop=center&height=32&v=1712345678&width=32">
    <link rel="preconnect" href="https://fonts.shopifycdn.com" crossorigin>
    <title>
      ${shopName}
 &ndash; Everyday organic basics</title>
    <meta name="description" content="Organic cotton basics, made in Portugal. Free shipping over 50 EUR.">

<meta property="og:site_name" content="${shopName}">
<meta property="og:url" content="https://${domain}/">
<meta property="og:title" content="${shopName}">
<meta property="og:type" content="website">
<meta property="og:description" content="Organic cotton basics, made in Portugal. Free shipping over 50 EUR.">
<meta property="og:image" content="http://${domain}/cdn/shop/files/og-image.png?v=1712345678">
<meta property="og:image:secure_url" content="https://${domain}/cdn/shop/files/og-image.png?v=1712345678">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="628">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${shopName}">
<meta name="twitter:description" content="Organic cotton basics, made in Portugal. Free shipping over 50 EUR.">

    <script src="//${domain}/cdn/shop/t/3/assets/constants.js?v=132983761750457495441712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/pubsub.js?v=158357773527763999511712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/global.js?v=88558128918567037191712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/details-disclosure.js?v=13653116266235556501712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/details-modal.js?v=25581673532751508451712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/search-form.js?v=133129549252120666541712345678" defer="defer"></script>
    <script src="//${domain}/cdn/shop/t/3/assets/animations.js?v=88693664871331136111712345678" defer="defer"></script>

    <script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.start');</script>
<meta name="shopify-checkout-api-token" content="0123456789abcdef0123456789abcdef">
<meta id="shopify-digital-wallet" name="shopify-digital-wallet" content="/61234567890/digital_wallets/dialog">
<meta name="shopify-checkout-api-token" content="0123456789abcdef0123456789abcdef">
<link rel="alternate" hreflang="x-default" href="https://${domain}/">
<link rel="alternate" hreflang="en" href="https://${domain}/">
<link rel="alternate" hreflang="pt" href="https://${domain}/pt">
<script async="async" src="/checkouts/internal/preloads.js?locale=en-PT"></script>
<link rel="preconnect" href="https://shop.app" crossorigin="anonymous">
<script async="async" src="https://shop.app/checkouts/internal/preloads.js?locale=en-PT&shop_id=61234567890" crossorigin="anonymous"></script>
<script id="apple-pay-shop-capabilities" type="application/json">{"shopId":61234567890,"countryCode":"${country}","currencyCode":"${currency}","merchantCapabilities":["supports3DS"],"merchantId":"gid:\\/\\/shopify\\/Shop\\/61234567890","merchantName":"${shopName}","requiredBillingContactFields":["postalAddress","email","phone"],"requiredShippingContactFields":["postalAddress","email","phone"],"shippingType":"shipping","supportedNetworks":["visa","masterCard","amex","maestro"],"total":{"type":"pending","label":"${shopName}","amount":"1.00"},"shopifyPaymentsEnabled":true,"supportsSubscriptions":true}</script>
<script id="shopify-features" type="application/json">{"accessToken":"0123456789abcdef0123456789abcdef","betas":["rich-media-storefront-analytics"],"domain":"${domain}","predictiveSearch":true,"shopId":61234567890,"locale":"en"}</script>
<script>var Shopify = Shopify || {};
Shopify.shop = "${myshopify}";
Shopify.locale = "en";
Shopify.currency = {"active":"${currency}","rate":"1.0"};
Shopify.country = "${country}";
${themeStatement}Shopify.cdnHost = "${domain}/cdn";
Shopify.routes = Shopify.routes || {};
Shopify.routes.root = "/";</script>
<script type="module">!function(o){(o.Shopify=o.Shopify||{}).modules=!0}(window);</script>
<script>!function(o){function n(){var o=[];function n(){o.push(Array.prototype.slice.apply(arguments))}return n.q=o,n}var t=o.Shopify=o.Shopify||{};t.loadFeatures=n(),t.autoloadFeatures=n()}(window);</script>
<script id="shop-js-analytics" type="application/json">{"pageType":"index"}</script>
<script defer="defer" async type="module" src="//${domain}/cdn/shopifycloud/shop-js/modules/v2/client.init-shop-cart-sync_en.esm.js"></script>
<script>(function() {
  var isLoaded = false;
  function asyncLoad() {
    if (isLoaded) return;
    isLoaded = true;
    var urls = [];
    for (var i = 0; i < urls.length; i++) {
      var s = document.createElement('script');
      s.type = 'text/javascript';
      s.async = true;
      s.src = urls[i];
      var x = document.getElementsByTagName('script')[0];
      x.parentNode.insertBefore(s, x);
    }
  };
  if(window.attachEvent) {
    window.attachEvent('onload', asyncLoad);
  } else {
    window.addEventListener('load', asyncLoad, false);
  }
})();</script>
<script id="__st">var __st={"a":61234567890,"offset":3600,"reqid":"01234567-89ab-cdef-0123-456789abcdef-1712345678","pageurl":"${domain}\\/","u":"0123456789ab","p":"home"};</script>
<script>window.ShopifyPaypalV4VisibilityTracking = true;</script>
<script id="captcha-bootstrap">!function(){'use strict';const t='contact',e='account',n='new_comment',o=[[t,t],['blogs',n],['comments',n],[t,'customer']],c=[[e,'customer_login'],[e,'guest_login'],[e,'recover_customer_password'],[e,'create_customer']];}();</script>
<script integrity="sha256-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG=" data-source-attribution="shopify.loadfeatures" defer="defer" src="//${domain}/cdn/shopifycloud/storefront/assets/storefront/load_feature-0123abcd.js" crossorigin="anonymous"></script>
<script data-source-attribution="shopify.dynamic_checkout.dynamic.init">var Shopify=Shopify||{};Shopify.PaymentButton=Shopify.PaymentButton||{isStorefrontPortableWallets:!0,init:function(){window.Shopify.PaymentButton.init=function(){};var t=document.createElement("script");t.src="https://${domain}/cdn/shopifycloud/portable-wallets/latest/portable-wallets.en.js",t.type="module",document.head.appendChild(t)}};</script>
<script id="web-pixels-manager-setup">(function e(e,d,r,n,o){if(void 0===o&&(o={}),!Boolean(null===(a=null===(i=window.Shopify)||void 0===i?void 0:i.analytics)||void 0===a?void 0:a.replayQueue)){var i,a;window.Shopify=window.Shopify||{};var t=window.Shopify;t.analytics=t.analytics||{};}})({shopId: 61234567890,storefrontBaseUrl: "https://${domain}",extensionsBaseUrl: "https://extensions.shopifycdn.com/cdn/shopifycloud/web-pixels-manager",surface: "storefront-renderer",enabledBetaFlags: ["ac843a20"],webPixelsConfigList: [{"id":"shopify-app-pixel","configuration":"{}","eventPayloadVersion":"v1","runtimeContext":"STRICT","scriptVersion":"0450","apiClientId":"shopify-pixel","type":"APP","privacyPurposes":["ANALYTICS","MARKETING"]},{"id":"shopify-custom-pixel","eventPayloadVersion":"v1","runtimeContext":"LAX","scriptVersion":"0450","apiClientId":"shopify-pixel","type":"CUSTOM","privacyPurposes":["ANALYTICS","MARKETING"]}],isMerchantRequest: false,initData: {"shop":{"name":"${shopName}","paymentSettings":{"currencyCode":"${currency}"},"myshopifyDomain":"${myshopify}","countryCode":"${country}","storefrontUrl":"https:\\/\\/${domain}"},"customerPrivacy":{"analyticsProcessingAllowed":true,"marketingAllowed":true,"preferencesProcessingAllowed":true,"saleOfDataAllowed":true},"cart":null,"checkout":null,"productVariants":[],"purchasingCompany":null},},"https://${domain}/cdn","a1b2c3d4w5e6f7g8h9",["pixel"]);</script>
<script>
  window.ShopifyAnalytics = window.ShopifyAnalytics || {};
  window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {};
  window.ShopifyAnalytics.meta.currency = '${currency}';
  var meta = {"page":{"pageType":"home","requestId":"01234567-89ab-cdef-0123-456789abcdef-1712345678"}};
  for (var attr in meta) {
    window.ShopifyAnalytics.meta[attr] = meta[attr];
  }
</script>
<script class="analytics">
  (function () {
    var customDocumentWrite = function(content) {};
    var hasLoggedConversion = function(token) {};
    window.ShopifyAnalytics.lib = window.ShopifyAnalytics.lib || {};
    var trekkie = window.ShopifyAnalytics.lib = window.trekkie = window.trekkie || [];
    trekkie.config = {"Trekkie":{"appName":"storefront","development":false,"defaultAttributes":{"shopId":61234567890,"isMerchantRequest":null,"themeId":136712831211,"themeCityHash":"1234567890123456789","contentLanguage":"en","currency":"${currency}"},"isServerSideCookieWritingEnabled":true,"monorailRegion":"shop_domain","enabledBetaFlags":["bbcf04e6"]},"Session Attribution":{},"S2S":{"facebookCapiEnabled":false,"source":"trekkie-storefront-renderer","apiClientId":580111}};
    var loaded = false;
    trekkie.load = function(config) {
      if (loaded) return;
      loaded = true;
      var scriptFallback = document.createElement('script');
      scriptFallback.type = 'text/javascript';
      scriptFallback.async = true;
      scriptFallback.src = "https:\\/\\/cdn.shopify.com\\/s\\/trekkie.storefront.0123456789abcdef0123456789abcdef01234567.min.js";
      var script = document.createElement('script');
      script.src = "https:\\/\\/${domain}\\/cdn\\/s\\/trekkie.storefront.0123456789abcdef0123456789abcdef01234567.min.js";
      var first = document.getElementsByTagName('script')[0];
      first.parentNode.insertBefore(script, first);
    };
    trekkie.load({"Trekkie":{"appName":"storefront"},"Google Analytics":{"trackingId":null,"domain":"auto","siteSpeed":true,"enhancedEcommerce":true}});
  })();
</script>
<script defer src="https://${domain}/cdn/shopifycloud/perf-kit/shopify-perf-kit-1.6.2.min.js" data-application="storefront-renderer" data-shop-id="61234567890" data-render-region="gcp-europe-west1" data-page-type="index" data-theme-instance-id="136712831211" data-theme-name="Dawn" data-theme-version="15.2.0" data-monorail-region="shop_domain" data-resource-timing-sampling-rate="10" data-shs="true"></script>
<script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.end');</script>

    <style data-shopify>
      @font-face { font-family: Assistant; font-weight: 400; font-style: normal; font-display: swap; src: url("//${domain}/cdn/fonts/assistant/assistant_n4.9120912a469cad1cc292572851508ca49d12e768.woff2") format("woff2"); }
      :root { --font-body-family: Assistant, sans-serif; --page-width: 120rem; }
    </style>
    <link href="//${domain}/cdn/shop/t/3/assets/base.css?v=144968985024194912401712345678" rel="stylesheet" type="text/css" media="all">
    <link rel="preload" as="font" href="//${domain}/cdn/fonts/assistant/assistant_n4.9120912a469cad1cc292572851508ca49d12e768.woff2" type="font/woff2" crossorigin>
    <link href="//${domain}/cdn/shop/t/3/assets/component-localization-form.css?v=120620094879297847921712345678" rel="stylesheet" type="text/css" media="all">
    <script src="//${domain}/cdn/shop/t/3/assets/localization-form.js?v=144176611646395275351712345678" defer="defer"></script>
    <link rel="stylesheet" href="//${domain}/cdn/shop/t/3/assets/component-predictive-search.css?v=118923337488134913561712345678" media="print" onload="this.media='all'">
    <script>
      if (Shopify.designMode) { document.documentElement.classList.add('shopify-design-mode'); }
    </script>
${options.head ?? ""}
  </head>

  <body class="gradient animate--hover-default">
    <a class="skip-to-content-link button visually-hidden" href="#MainContent">Skip to content</a>
<link href="//${domain}/cdn/shop/t/3/assets/quantity-popover.css?v=78745769908715669131712345678" rel="stylesheet" type="text/css" media="all">
<script src="//${domain}/cdn/shop/t/3/assets/cart.js?v=53973376719736494311712345678" defer="defer"></script>
<style>.drawer { visibility: hidden; }</style>
<cart-drawer class="drawer is-empty">
  <div id="CartDrawer" class="cart-drawer">
    <div id="CartDrawer-Overlay" class="cart-drawer__overlay"></div>
    <div class="drawer__inner" role="dialog" aria-modal="true" aria-label="Your cart" tabindex="-1">
      <div class="drawer__inner-empty"><div class="cart-drawer__warnings center"><div class="cart-drawer__empty-content"><h2 class="cart__empty-text">Your cart is empty</h2></div></div></div>
    </div>
  </div>
</cart-drawer>

<div id="shopify-section-sections--17461234567890__announcement-bar" class="shopify-section shopify-section-group-header-group announcement-bar-section">
  <div class="utility-bar color-scheme-1 gradient"><div class="page-width utility-bar__grid"><div class="announcement-bar" role="region" aria-label="Announcement"><p class="announcement-bar__message h5"><span>Free shipping over 50 EUR</span></p></div></div></div>
</div>
<div id="shopify-section-sections--17461234567890__header" class="shopify-section shopify-section-group-header-group section-header">
  <link rel="stylesheet" href="//${domain}/cdn/shop/t/3/assets/component-list-menu.css?v=151968516119678728991712345678" media="print" onload="this.media='all'">
  <sticky-header data-sticky-type="on-scroll-up" class="header-wrapper color-scheme-1 gradient header-wrapper--border-bottom">
    <header class="header header--middle-left header--mobile-center page-width header--has-menu header--has-social header--has-account">
      <a href="/" class="header__heading-link link link--text focus-inset"><span class="h2">${shopName}</span></a>
      <nav class="header__inline-menu"><ul class="list-menu list-menu--inline" role="list">
        <li><a id="HeaderMenu-home" href="/" class="header__menu-item list-menu__item link link--text focus-inset" aria-current="page"><span class="header__active-menu-item">Home</span></a></li>
        <li><a id="HeaderMenu-catalog" href="/collections/all" class="header__menu-item list-menu__item link link--text focus-inset"><span>Catalog</span></a></li>
        <li><a id="HeaderMenu-contact" href="/pages/contact" class="header__menu-item list-menu__item link link--text focus-inset"><span>Contact</span></a></li>
      </ul></nav>
      <div class="header__icons header__icons--localization header-localization">
        <details-modal class="header__search"><details><summary class="header__icon header__icon--search header__icon--summary link focus-inset modal__toggle" aria-haspopup="dialog" aria-label="Search"></summary></details></details-modal>
        <a href="https://shopify.com/61234567890/account?locale=en&region_country=${country}" class="header__icon header__icon--account link focus-inset small-hide"><span class="visually-hidden">Log in</span></a>
        <a href="/cart" class="header__icon header__icon--cart link focus-inset" id="cart-icon-bubble"><span class="visually-hidden">Cart</span></a>
      </div>
    </header>
  </sticky-header>
  <script type="application/ld+json">
    {
      "@context": "http://schema.org",
      "@type": "Organization",
      "name": "${shopName}",
      "sameAs": ["https://instagram.com/demostore"],
      "url": "https://${domain}"
    }
  </script>
  <script type="application/ld+json">
    {
      "@context": "http://schema.org",
      "@type": "WebSite",
      "name": "${shopName}",
      "potentialAction": {"@type": "SearchAction", "target": "https://${domain}/search?q={search_term_string}", "query-input": "required name=search_term_string"},
      "url": "https://${domain}"
    }
  </script>
</div>

    <main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
      <section id="shopify-section-template--17461234567890__image_banner" class="shopify-section section">
        <div id="Banner-template--17461234567890__image_banner" class="banner banner--content-align-center banner--medium">
          <div class="banner__content banner__content--middle-center page-width scroll-trigger animate--slide-in">
            <div class="banner__box content-container content-container--full-width-mobile color-scheme-3 gradient">
              <h2 class="banner__heading inline-richtext h0">Everyday organic basics</h2>
              <div class="banner__buttons"><a href="/collections/all" class="button button--secondary">Shop all</a></div>
            </div>
          </div>
        </div>
      </section>
      <section id="shopify-section-template--17461234567890__featured_collection" class="shopify-section section">
        <div class="color-scheme-1 gradient isolate">
          <div class="collection section-template--17461234567890__featured_collection-padding">
            <div class="collection__title title-wrapper title-wrapper--no-top-margin page-width"><h2 class="title inline-richtext h2 scroll-trigger animate--slide-in">Featured products</h2></div>
            <slider-component class="slider-mobile-gutter page-width page-width-desktop scroll-trigger animate--slide-in">
              <ul id="Slider-template--17461234567890__featured_collection" class="grid product-grid contains-card contains-card--product contains-card--standard grid--4-col-desktop grid--2-col-tablet-down" role="list" aria-label="Slider">${cards}
              </ul>
            </slider-component>
          </div>
        </div>
      </section>
    </main>

<div id="shopify-section-sections--17461234567890__footer" class="shopify-section shopify-section-group-footer-group">
  <footer class="footer color-scheme-1 gradient section-sections--17461234567890__footer-padding">
    <div class="footer__content-bottom">
      <div class="footer__column footer__localization isolate">
        <localization-form><form method="post" action="/localization" id="FooterCountryForm" accept-charset="UTF-8" class="localization-form" enctype="multipart/form-data"><input type="hidden" name="form_type" value="localization"><input type="hidden" name="utf8" value="✓"><input type="hidden" name="_method" value="put"><input type="hidden" name="return_to" value="/"></form></localization-form>
      </div>
      <div class="footer__payment">
        <span class="visually-hidden">Payment methods</span>
        <ul class="list list-payment" role="list">
          <li class="list-payment__item"><svg class="icon icon--full-color" viewBox="0 0 38 24" xmlns="http://www.w3.org/2000/svg" role="img" width="38" height="24" aria-labelledby="pi-american_express"><title id="pi-american_express">American Express</title><path fill="#000" d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3Z" opacity=".07"/></svg></li>
          <li class="list-payment__item"><svg class="icon icon--full-color" viewBox="0 0 38 24" xmlns="http://www.w3.org/2000/svg" width="38" height="24" role="img" aria-labelledby="pi-apple_pay"><title id="pi-apple_pay">Apple Pay</title><path d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z"/></svg></li>
          <li class="list-payment__item"><svg class="icon icon--full-color" xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 38 24" width="38" height="24" aria-labelledby="pi-klarna"><title id="pi-klarna">Klarna</title><path d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z" fill="#FFB3C7"/></svg></li>
          <li class="list-payment__item"><svg class="icon icon--full-color" xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 38 24" width="38" height="24" aria-labelledby="pi-afterpay"><title id="pi-afterpay">Afterpay</title><path d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z"/></svg></li>
          <li class="list-payment__item"><svg class="icon icon--full-color" viewBox="0 0 38 24" xmlns="http://www.w3.org/2000/svg" role="img" width="38" height="24" aria-labelledby="pi-paypal"><title id="pi-paypal">PayPal</title><path opacity=".07" d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z"/></svg></li>
          <li class="list-payment__item"><svg class="icon icon--full-color" xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 38 24" width="38" height="24" aria-labelledby="pi-shopify_pay"><title id="pi-shopify_pay">Shop Pay</title><path opacity=".07" d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z" fill="#000"/></svg></li>
        </ul>
      </div>
      <div class="footer__copyright caption"><small class="copyright__content">&copy; 2026, <a href="/" title="">${shopName}</a></small><small class="copyright__content"><a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Powered by Shopify</a></small></div>
    </div>
  </footer>
</div>

    <ul hidden><li id="a11y-refresh-page-message">Choosing a selection results in a full page refresh.</li><li id="a11y-new-window-message">Opens in a new window.</li></ul>
    <script>
      window.shopUrl = 'https://${domain}';
      window.routes = { cart_add_url: '/cart/add', cart_change_url: '/cart/change', cart_update_url: '/cart/update', cart_url: '/cart', predictive_search_url: '/search/suggest' };
      window.cartStrings = { error: \`There was an error while updating your cart. Please try again.\`, quantityError: \`You can only add [quantity] of this item to your cart.\` };
      window.variantStrings = { addToCart: \`Add to cart\`, soldOut: \`Sold out\`, unavailable: \`Unavailable\` };
      window.accessibilityStrings = { imageAvailable: \`Image [index] is now available in gallery view\`, shareSuccess: \`Link copied to clipboard\` };
    </script>
    <script src="//${domain}/cdn/shop/t/3/assets/predictive-search.js?v=54209409355828396211712345678" defer="defer"></script>
${options.body ?? ""}
  </body>
</html>
`;
}
