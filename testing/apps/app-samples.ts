/**
 * A realistic HTML snippet for every app of the catalog (lib/apps/catalog.ts), as the app
 * injects it into a storefront: test data for app detection, never shipped. Keyed by slug, in
 * catalog order; every catalog app has one and each is detected as exactly its own app
 * (lib/apps/catalog.test.ts), so a new catalog entry needs its snippet here.
 *
 * Hosts and markers are the catalog's; where the vendor's real file name was not known, the one
 * after the host (e.g. "/storefront.js") is illustrative only.
 */
export const APP_SAMPLES: Readonly<Record<string, string>> = {
  // ── Reviews ────────────────────────────────────────────────────────────────
  "judge-me":
    "<script>jdgm = window.jdgm || {}; jdgm.SHOP_DOMAIN = 'demo-store.myshopify.com'; jdgm.PLATFORM = 'shopify';</script>" +
    '<script data-cfasync="false" src="https://cdn.judge.me/widget_preloader.js" async></script>',
  loox: '<script async src="https://loox.io/widget/4kQx1mAbCd/loox.1712345678901.js?shop=demo-store.myshopify.com"></script>',
  okendo: '<script defer src="https://cdn-static.okendo.io/reviews-widget-plus/js/okendo-reviews.js"></script>',
  "yotpo-reviews": '<script src="https://cdn-widgetsrepository.yotpo.com/v1/loader/AbCdEfGhIjKlMnOp" async></script>',
  stamped: '<script async src="https://cdn1.stamped.io/files/widget.min.js"></script>',
  "reviews-io": '<script src="https://widget.reviews.io/polaris/build.js"></script>',
  trustpilot: '<script type="text/javascript" src="//widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js" async></script>',
  "ali-reviews": '<script src="https://alireviews.fireapps.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  rivyo: '<script src="https://thimatic-apps.com/product_review/storefront.js?shop=demo-store.myshopify.com" async></script>',
  fera: '<script src="https://cdn.fera.ai/js/fera.js?shop=demo-store.myshopify.com" async></script>',
  junip: '<script src="https://scripts.juniphq.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  reputon: '<script src="https://reputon.com/widget/loader.js" async></script>',
  bazaarvoice: '<script async src="https://apps.bazaarvoice.com/deployments/demo/main_site/production/en_US/bv.js"></script>',
  powerreviews: '<script src="https://ui.powerreviews.com/stable/4.1/ui.js" async></script>',
  "shopify-product-reviews":
    '<script src="https://productreviews.shopifycdn.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "hulk-product-reviews": '<script src="https://reviews.hulkapps.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Email, SMS and push ───────────────────────────────────────────────────
  klaviyo: '<script async type="text/javascript" src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123"></script>',
  omnisend: '<script async src="https://omnisnippet1.com/inshop/launcher-v2.js"></script>',
  privy: '<script async src="https://widget.privy.com/assets/widget.js"></script>',
  mailchimp:
    '<script id="mcjs">!function(c,h,i,m,p){m=c.createElement(h),p=c.getElementsByTagName(h)[0],m.async=1,m.src=i,p.parentNode.insertBefore(m,p)}(document,"script","https://chimpstatic.com/mcjs-connected/js/users/0123456789abcdef/abcdef0123456789.js");</script>',
  attentive: '<script async src="https://cdn.attn.tv/demostore/dtag.js"></script>',
  postscript: '<script async src="https://sdk.postscript.io/sdk.bundle.js?shopId=12345"></script>',
  "yotpo-sms": '<script async src="https://forms.smsbump.com/12345/form_67890.js"></script>',
  drip: '<script async src="https://tag.getdrip.com/1234567.js"></script>',
  sendlane: '<script async src="https://sendlane.com/scripts/pusher.js"></script>',
  mailerlite: '<script async src="https://assets.mailerlite.com/js/universal.js"></script>',
  activecampaign: '<script async src="https://diffuser-cdn.app-us1.com/diffuser/diffuser.js"></script>',
  brevo: '<script async src="https://sibautomation.com/sa.js?key=abcdef0123456789"></script>',
  pushowl:
    '<script async src="https://cdn.pushowl.com/latest/sdks/pushowl-shopify.js?subdomain=demo-store&environment=production&shop=demo-store.myshopify.com"></script>',
  hubspot: '<script id="hs-script-loader" async defer src="//js.hs-scripts.com/1234567.js"></script>',
  firepush: '<script async src="https://cdn.firepush.io/js/firepush.min.js"></script>',
  // ── Subscriptions ─────────────────────────────────────────────────────────
  "shopify-subscriptions":
    "<!-- BEGIN app block: shopify://apps/subscriptions/blocks/app-block/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b --><!-- END app block -->",
  recharge: '<script src="https://static.rechargecdn.com/assets/js/widget.min.js?shop=demo-store.myshopify.com"></script>',
  "bold-subscriptions": '<script src="https://sub.boldapps.net/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "seal-subscriptions":
    '<script src="https://app.sealsubscriptions.com/shopify/public/js/sealsubscriptions.js?shop=demo-store.myshopify.com" async></script>',
  skio: '<script src="https://cdn.skio.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  ordergroove: '<script src="https://static.ordergroove.com/abcdef0123456789/main.js" async></script>',
  // ── Upsell, cross-sell, social proof ──────────────────────────────────────
  rebuy: '<script async src="https://cdn.rebuyengine.com/onsite/js/rebuy.js?shop=demo-store.myshopify.com"></script>',
  reconvert: '<script src="https://stilyoapps.com/reconvert/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "zipify-ocu": '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/zipify-oneclickupsell-vendor.js" defer></script>',
  "frequently-bought-together":
    '<script src="https://codeblackbelt.com/js/modules/frequently-bought-together/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "bold-upsell": '<script src="https://upsells.boldapps.net/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "in-cart-upsell": '<script src="https://incartupsell.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  aftersell: '<script src="https://aftersell.app/storefront.js?shop=demo-store.myshopify.com" async></script>',
  vitals: '<script src="https://appsolve.io/v1/static/js/app.js?shop=demo-store.myshopify.com" defer></script>',
  "globo-also-bought":
    '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/globo.alsobought.js?shop=demo-store.myshopify.com" async></script>',
  "cross-sell": '<script src="https://load.csell.co/storefront.js?shop=demo-store.myshopify.com" async></script>',
  zoorix: '<script src="https://zoorix.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "hextom-ultimate-sales-boost": '<script src="https://hextom.com/js/ultimatesalesboost.js?shop=demo-store.myshopify.com" async></script>',
  "hextom-free-shipping-bar": '<script src="https://hextom.com/js/freeshippingbar.js?shop=demo-store.myshopify.com" async></script>',
  "hextom-event-promotion-bar":
    '<script src="https://cdn.hextom.com/js/eventpromotionbar.js?shop=demo-store.myshopify.com" async></script>',
  candyrack: '<script src="https://candyrack.ds-cdn.com/static/main.js?shop=demo-store.myshopify.com" async></script>',
  customizery:
    '<script src="https://d1liekpayvooaz.cloudfront.net/apps/customizery/customizery.js?shop=demo-store.myshopify.com" async></script>',
  shiprocket:
    '<script src="https://sr-cdn.shiprocket.in/sr-promise/static/uc.js?channel_id=4&shop=demo-store.myshopify.com" async></script>',
  paytomorrow: '<script src="https://bgproxy.paytomorrow.com/shopify/mpe/script/0000-demo?shop=demo-store.myshopify.com" async></script>',
  inffuse:
    '<script src="https://inffuse-platform.appspot.com/plugins/shopify/loader.js?app=calendar&shop=demo-store.myshopify.com" async></script>',
  "terms-and-conditions-techdignity":
    '<script src="https://apps.techdignity.com/terms-and-conditions/public/js/td-termsandconditions.js?shop=demo-store.myshopify.com" async></script>',
  "announcement-bar-aaawebstore":
    '<script src="https://shopifycdn.aaawebstore.com/announcement/topbar-script_v4.js?shop=demo-store.myshopify.com" async></script>',
  "wishlist-hero":
    '<script src="https://wishlisthero-assets.revampco.com/store-front/bundle2.js?shop=demo-store.myshopify.com" async></script>',
  autocommerce: '<script src="https://rec.autocommerce.io/recommender_javascript?shop=demo-store.myshopify.com" async></script>',
  "animated-banner":
    '<script src="https://assets.cdn.animatedbanner.xyz/assets/script/bar.js?shop=demo-store.myshopify.com" async></script>',
  "webkul-multivendor": '<script src="https://sp-seller.webkul.com/js/seller_profile_tag.js?shop=demo-store.myshopify.com" async></script>',
  shareasale: '<script src="https://static.shareasale.com/json/shopify/deduplication.js?shop=demo-store.myshopify.com" async></script>',
  instagenie: '<script src="https://zegsu.com/shopify/instagenie/widget?shop=demo-store.myshopify.com" async></script>',
  trackingmore: '<script src="https://tms.trackingmore.net/static/js/checkout.js?shop=demo-store.myshopify.com" async></script>',
  bundler: '<script src="https://cdn-bundler.nice-team.net/app/js/bundler.js?shop=demo-store.myshopify.com" async></script>',
  "simprosys-google-shopping-feed":
    '<script src="https://storage.googleapis.com/gsf-scripts/global-remarketing/demo-store.js?shop=demo-store.myshopify.com" async></script>',
  zoko: '<script src="https://atlantis.live.zoko.io/scripts/main.js?shop=demo-store.myshopify.com" async></script>',
  "conversion-bear-trust-badges":
    '<script src="https://trust.conversionbear.com/script?app=trust_badge&shop=demo-store.myshopify.com" async></script>',
  smartpop: '<script src="https://cdn.eggflow.com/v1/en_US/adcoffee.js?shop=demo-store.myshopify.com" async></script>',
  "haloroar-legal":
    '<script src="https://cdn.shopify.com/s/files/1/0000/0001/files/haloroar-legal.min.js?shop=demo-store.myshopify.com" async></script>',
  "clever-adwords":
    '<script src="https://cdn.shopify.com/s/files/1/0000/0001/t/3/assets/clever_adwords_global_tag.js?shop=demo-store.myshopify.com" async></script>',
  "amai-preorder": '<script src="https://amaicdn.com/preorder2/common.js"></script>',
  "upsell-funnel-engine": "<script>ufeScriptLoader('https://ufe.helixo.co/scripts/sdk.es5.min.js');</script>",
  "pre-order-coming-soon": '<script src="https://gravity-software.com/js/shopify/pac_shop00001.js?v=demo"></script>',
  azexo: "<script>var azexo = { }; azexo.extensions = [''];</script>",
  flexype: '<script src="https://static.flexype.in/scripts/flexype-v2.min.js" type="module" defer></script>',
  cometly: '<script src="https://t.cometlytrack.com?uid=demo"></script>',
  "hulk-reorder-master":
    "<link rel='stylesheet' href='https://reorder-master.hulkapps.com/css/re-order.css'>" +
    '<script src="https://reorder-master.hulkapps.com/js/re-order.js"></script>',
  "c1g-testimonials":
    '<div id="c1g_testimonial"></div><script src="https://www.cloudonegalaxy.com/cloud/testimonial.js" data-shop="demo-store.myshopify.com"></script>',
  badgify: "<script src='https://atdevelops.com/shopify/badgify-api//embed/embed_js.js?1601143172&shop=demo-store.myshopify.com'></script>",
  swipecart:
    '<script src="https://cdn.rentechdigital.com/swipecart/mobile.app.script.min.js?shop=demo-store.myshopify.com" async></script>',
  "estimated-delivery-days":
    '<script src="https://estimated-delivery-days.setubridgeapps.com/estimated-delivery-days/app/main.js?shop=demo-store.myshopify.com" async></script>',
  "evm-reviews": '<script async="true" src="https://evmreviews.expertvillagemedia.com/embed.php?shop=demo-store.myshopify.com"></script>',
  "raptor-instagram": '<script async src="https://theraptormedia.com/instagram/embed.js" data-id="demo-store.myshopify.com"></script>',
  usf: '<script>window.usf = { settings: { "searchSvcUrl": "https://svc-3-usf.hotyon.com/" } };</script>',
  "avada-boost-sales": '<script src="https://boostsales.apps.avada.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  outsell: '<script src="https://outsellapp.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  nosto: '<script async src="https://connect.nosto.com/include/shopify-12345"></script>',
  obviyo: '<script src="https://deploy.hiconversion.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "dynamic-yield": '<script type="text/javascript" src="//cdn.dynamicyield.com/api/8765432/api_dynamic.js"></script>',
  fomo: '<script src="https://load.fomo.com/api/v1/AbCdEf/load.js" async></script>',
  provesource: '<script src="https://cdn.provesrc.com/provesrc.js" async></script>',
  "carecart-sales-pop": '<script src="https://sales-pop.carecart.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Bundles, discounts, gifts ─────────────────────────────────────────────
  "bold-bundles": '<script src="https://bundles.boldapps.net/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "fast-bundle": '<script src="https://api.fastbundle.co/storefront.js?shop=demo-store.myshopify.com" async></script>',
  pickystory: '<script src="https://cdn.pickystory.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  widebundle: '<script src="https://widebundle.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  bogos: '<script src="https://collect.bogos.io/storefront/bogos.js" async></script>',
  swagify: '<script src="https://api.swagifyapp.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  revy: '<script src="https://api.revy.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "rise-ai": '<script src="https://strn.rise-ai.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  giftship: '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/js/giftship.7.3.2.js" defer></script>',
  // ── Loyalty, referrals, affiliates ─────────────────────────────────────────
  "smile-io": '<script src="https://js.smile.io/v1/smile-shopify.js?shop=demo-store.myshopify.com" async></script>',
  loyaltylion: '<script async src="https://sdk.loyaltylion.net/static/2/loader.js"></script>',
  "yotpo-loyalty": '<script src="https://cdn-loyalty.yotpo.com/loader/AbCdEfGhIjKlMnOp.js" async></script>',
  growave: '<script src="https://socialshopwave.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "bon-loyalty": '<script src="https://app.bonloyalty.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  referralcandy: '<script src="https://referralcandy.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  friendbuy: '<script async src="https://static.fbot.me/friendbuy.js"></script>',
  goaffpro: '<script src="https://api.goaffpro.com/loader.js?shop=demo-store.myshopify.com" async></script>',
  refersion: '<script src="//www.refersion.com/tracker/v3/pub_0123456789abcdef.js"></script>',
  // ── Search and filtering ──────────────────────────────────────────────────
  "boost-search": '<script src="https://services.mybcapps.com/bc-sf-filter/filter.js?shop=demo-store.myshopify.com" defer></script>',
  searchanise: '<script src="//www.searchanise.com/widgets/shopify/init.js?a=0A1b2C3d4E" async></script>',
  klevu: '<script src="https://js.klevu.com/core/v2/klevu.js"></script>',
  algolia: '<script src="https://cdn.jsdelivr.net/npm/algoliasearch@4/dist/algoliasearch-lite.umd.js"></script>',
  findify: '<script src="https://assets.findify.io/demo-store.myshopify.com.min.js" async defer></script>',
  searchspring: '<script src="https://snapui.searchspring.io/abc123/bundle.js" id="searchspring-context"></script>',
  doofinder: '<script src="https://cdn.doofinder.com/livelayer/1/js/loader.min.js" async></script>',
  "fast-simon": '<script src="https://static.instantsearchplus.com/js/search.js?UUID=0000-1111" async></script>',
  "rapid-search": '<script src="https://rapidsearch.dev/storefront.js?shop=demo-store.myshopify.com" async></script>',
  searchtap: '<script src="https://cdn.searchtap.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "constructor-io": '<script src="https://cnstrc.com/js/cust/demo_store.js" async></script>',
  // ── Chat and helpdesk ─────────────────────────────────────────────────────
  gorgias: '<script id="gorgias-chat-widget-install-v3" src="https://config.gorgias.chat/bundle-loader/01ABCDEF23456789" defer></script>',
  tidio: '<script src="//code.tidio.co/abcdefghijklmnopqrstuvwxyz012345.js" async></script>',
  zendesk: '<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=01234567-89ab-cdef-0123-456789abcdef"></script>',
  intercom: '<script>window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "abc123de" };</script>',
  livechat: "<script>window.__lc = window.__lc || {}; window.__lc.license = 12345678;</script>",
  "tawk-to":
    "<script>var Tawk_API=Tawk_API||{}, Tawk_LoadStart=new Date();(function(){var s1=document.createElement(\"script\");s1.async=true;s1.src='https://embed.tawk.to/0123456789abcdef01234567/default';document.head.appendChild(s1);})();</script>",
  crisp:
    '<script>window.$crisp=[];window.CRISP_WEBSITE_ID="01234567-89ab-cdef-0123-456789abcdef";</script><script src="https://client.crisp.chat/l.js" async></script>',
  reamaze: '<script src="https://cdn.reamaze.com/assets/reamaze.js" async></script>',
  richpanel: '<script src="https://api.richpanel.com/v2/j/demo-store?version=1.0" async></script>',
  freshchat: '<script src="https://wchat.freshchat.com/js/widget.js" async></script>',
  "shopify-inbox": '<script src="https://cdn.shopify.com/shopifycloud/shopify_chat/storefront/shopifyChatV1Widget.js" defer></script>',
  superlemon: '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/files/superlemon_abc123.js" async></script>',
  chatra: '<script src="https://call.chatra.io/chatra.js" async></script>',
  olark: '<script src="https://static.olark.com/jsclient/loader.js" async></script>',
  drift: '<script src="https://js.driftt.com/include/1700000000000/abc123.js" async></script>',
  kustomer: '<script src="https://cdn.kustomerapp.com/chat-web/widget.js" async></script>',
  gladly: '<script src="https://cdn.gladly.com/chat-sdk/widget.js" async></script>',
  "help-scout":
    '<script>!function(e,t,n){function a(){var e=t.getElementsByTagName("script")[0],n=t.createElement("script");n.async=!0,n.src="https://beacon-v2.helpscout.net",e.parentNode.insertBefore(n,e)}a()}(window,document,window.Beacon||function(){});</script>',
  "zoho-salesiq": '<script id="zsiqscript" src="https://salesiq.zoho.eu/widget?wc=abc123" defer></script>',
  delightchat: '<div id="delightchat-widget" data-shop="demo-store.myshopify.com"></div>',
  // ── Page builders ─────────────────────────────────────────────────────────
  pagefly: "<script>window.__pagefly_setting__ = { baseURL: 'https://apps.pagefly.io', shopDomain: 'demo-store.myshopify.com' };</script>",
  gempages: '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/files/gempagev2.js?v=1700000000" defer></script>',
  shogun: '<script src="https://lib.getshogun.com/frontend/shogun.js?shop=demo-store.myshopify.com" async></script>',
  "zipify-pages": "<script>window.ZipifyPages = window.ZipifyPages || {}; ZipifyPages.currency = 'EUR';</script>",
  replo: '<div id="replo-fullpage-element"></div><script src="https://assets.replocdn.com/runtime.js" defer></script>',
  layouthub: '<script src="https://app.layouthub.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  instant: '<div class="__instant" data-instant-version="1.0.0"></div>',
  hypervisual: '<script src="https://cdn.gethypervisual.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Analytics, pixels and testing ─────────────────────────────────────────
  "triple-whale": "<script>window.TriplePixelData = { TripleName: 'demo-store.myshopify.com', ver: '2.12' };</script>",
  elevar: '<script src="https://shopify-gtm-suite.getelevar.com/shops/demo-store/events.js" async></script>',
  littledata:
    "<script>window.LittledataLayer = { version: 'v11.0.0', transactionWatcherURL: 'https://transactions.littledata.io' };</script>",
  "lucky-orange": '<script async defer src="https://tools.luckyorange.com/core/lo.js?site-id=abc12345"></script>',
  northbeam: '<script async src="https://j.northbeam.io/ota-sp/0123456789.js"></script>',
  segment: '<script src="https://cdn.segment.com/analytics.js/v1/AbCdEf123/analytics.min.js" async></script>',
  heap: '<script src="https://cdn.heapanalytics.com/js/heap-1234567890.js" async></script>',
  "crazy-egg": '<script src="//script.crazyegg.com/pages/scripts/0123/4567.js" async></script>',
  trackify: '<script src="https://trackifyx.redretarget.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  intelligems: '<script src="https://cdn.intelligems.io/abcdef012345.js"></script>',
  "neat-ab-testing": '<script src="https://cdn.neatab.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  shoplift: '<script src="https://cdn.shoplift.ai/shoplift.js?shop=demo-store.myshopify.com" async></script>',
  // ── Shipping, tracking, returns ───────────────────────────────────────────
  aftership: '<script src="https://cdn.aftership.com/tracking-widget/aftership-tracking.js" async></script>',
  route: '<script src="https://cdn.routeapp.io/route-widget-shopify/v2/route-widget-shopify-stable-v2.min.js" defer></script>',
  corso: '<script src="https://cdn.corso.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  shiptection: '<script src="https://app.shiptection.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "return-prime": '<script src="https://return-prime-proxy-prod.s3.amazonaws.com/storefront/return-prime.js" async></script>',
  tern: '<script src="https://live.tern-returns.eastsideapps.io/storefront.js" async></script>',
  track123: '<script src="https://track123.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  extend: '<script src="https://sdk.helloextend.com/extend-sdk-client/v1/extend-sdk-client.min.js" defer></script>',
  "avada-free-shipping-bar":
    '<script src="https://freeshippingbar.apps.avada.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "packlink-pro": '<script src="https://packlink-spf-pro.appspot.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  zapiet: '<script src="https://app.zapiet.com/js/storepickup.js?shop=demo-store.myshopify.com" defer></script>',
  "wave-local-pickup": '<script src="https://wavecommerce.hk/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Translation and currency ──────────────────────────────────────────────
  weglot:
    '<script src="https://cdn.weglot.com/weglot.min.js"></script><script>Weglot.initialize({ api_key: "wg_0123456789abcdef" });</script>',
  // langify's older version pastes its code into the theme, where it outlives the app: only its app embed counts.
  langify: "<!-- BEGIN app block: shopify://apps/langify/blocks/langify/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b --><!-- END app block -->",
  langshop: '<script src="https://cdn.langshop.app/buckets/app/libs/storefront/sdk.js" defer></script>',
  transcy: '<script src="https://static.transcy.io/storefront/transcy.js?shop=demo-store.myshopify.com" defer></script>',
  gtranslate: '<script src="https://cdn.gtranslate.net/widgets/latest/float.js" defer></script>',
  "coin-currency-converter": '<script src="/apps/coin/coin.js?shop=demo-store.myshopify.com" defer></script>',
  "global-e": '<script src="https://web.global-e.com/merchant/clientsdk/1234" async></script>',
  localize: '<script src="https://global.localizecdn.com/localize.js"></script>',
  conveythis: '<script src="//cdn.conveythis.com/javascript/conveythis-initializer.js"></script>',
  "shopify-geolocation":
    '<script src="https://geolocation-recommendations.shopifycloud.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Forms and pop-ups ─────────────────────────────────────────────────────
  "shopify-forms":
    "<!-- BEGIN app block: shopify://apps/forms/blocks/inline/8744a304-fcb1-4347-b211-bb6b4759a76a --><!-- END app block -->",
  justuno: '<script src="https://scripttags.justuno.com/shopify_justuno_12345_abc.js" async></script>',
  optinmonster: '<script src="https://a.omappapi.com/app/js/api.min.js" data-account="12345" data-user="67890" async></script>',
  sumo: '<script src="//load.sumo.com/" data-sumo-site-id="0123456789abcdef" async></script>',
  poptin: '<script id="pixel-script-poptin" src="https://cdn.popt.in/pixel.js?id=abc123" async></script>',
  wisepops: '<script src="https://loader.wisepops.com/get-loader.js?v=1&site=AbCdEf" async></script>',
  "hulk-form-builder": '<script src="https://formbuilder.hulkapps.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "globo-form-builder":
    '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/globo.formbuilder.init.js" defer></script>',
  "spin-a-sale": '<script src="https://client.spinasale.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  tada: '<script src="https://cdn.trytada.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "powerful-form": '<script src="https://app.powerfulform.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── SEO and speed ─────────────────────────────────────────────────────────
  "seo-manager": '<script src="https://seomanager.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "avada-seo": '<script src="https://seo.apps.avada.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "booster-page-speed":
    '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/booster-page-speed-optimizer.js" defer></script>',
  hyperspeed: '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/hs-lazysizes.min.js" async></script>',
  schemaplus: '<script src="https://schemaplusfiles.s3.amazonaws.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "yoast-seo": '<script type="application/ld+json" id="yoast-schema-graph">{"@context":"https://schema.org","@graph":[]}</script>',
  // ── Payments and buy-now-pay-later ────────────────────────────────────────
  afterpay: '<script src="https://js.afterpay.com/afterpay-1.x.js" data-analytics-enabled async></script>',
  klarna:
    '<script async data-environment="production" src="https://js.klarna.com/web-sdk/v1/klarna.js" data-client-id="01234567-89ab-cdef"></script>',
  affirm: '<script src="https://cdn1.affirm.com/js/v2/affirm.js" async></script>',
  sezzle: '<script src="https://widget.sezzle.com/v1/javascript/price-widget?uuid=01234567-89ab" async></script>',
  zip: '<script src="https://widgets.quadpay.com/demo-store/quadpay-widget-2.2.1.js" defer></script>',
  scalapay: '<script type="module" src="https://cdn.scalapay.com/widget/v3/js/scalapay-widget.esm.js"></script>',
  blackcart: '<script src="https://blackcart.co/storefront.js?shop=demo-store.myshopify.com" async></script>',
  youpay: '<script src="https://app.youpay.ai/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Wishlists ─────────────────────────────────────────────────────────────
  "swym-wishlist-plus": '<script src="https://swymstore-v3free-01.swymrelay.com/code/swym-shopify.js" async></script>',
  iwish: '<script src="https://cdn.myshopapps.com/iwish/iwishlist.js" defer></script>',
  froonze:
    '<script src="https://cdn.shopify.com/extensions/01234567-89ab-cdef/froonze-loyalty-wishlist-123/assets/wishlist.js" defer></script>',
  // ── Product options and personalisation ───────────────────────────────────
  "bold-product-options": '<script src="https://option.boldapps.net/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "hulk-product-options": '<script src="https://productoption.hulkapps.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "kiwi-sizing": '<script src="https://cdn.static.kiwisizing.com/SizingPlugin.prod.js" async></script>',
  "avada-size-chart": '<script src="https://sizechart.apps.avada.io/storefront.js?shop=demo-store.myshopify.com" async></script>',
  zakeke: '<script src="https://portal.zakeke.com/Scripts/integration/shopify/zakeke.js" defer></script>',
  "product-personalizer":
    '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/product-personalizer/pplr_common.js" defer></script>',
  "globo-color-swatch": '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/globo.swatch.data.js" defer></script>',
  // ── Social feeds and user-generated content ───────────────────────────────
  instafeed: '<script src="https://instafeed.nfcube.com/cdn/instafeed-0123456789abcdef.js?shop=demo-store.myshopify.com" async></script>',
  elfsight: '<script src="https://static.elfsight.com/platform/platform.js" async></script>',
  "covet-pics": '<script src="https://shopify.covet.pics/covet-pics-widget-inject.js" async></script>',
  foursixty: '<script src="https://foursixty.com/media/scripts/fs.embed.v2.5.js" data-feed-id="demo-store" async></script>',
  taggbox: '<script src="https://widget.taggbox.com/embed.min.js" async></script>',
  flowbox: '<script src="https://connect.getflowbox.com/flowbox.js" async></script>',
  // ── Privacy and consent ───────────────────────────────────────────────────
  pandectes:
    '<script src="https://cdn.shopify.com/extensions/01234567-89ab-cdef/gdpr-compliance-1/assets/pandectes-core.js" defer></script>',
  "hulk-gdpr": '<script src="https://cookiebar.hulkapps.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  onetrust:
    '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="01234567-89ab-cdef-0123-456789abcdef"></script>',
  cookiebot: '<script id="Cookiebot" src="https://consent.cookiebot.com/uc.js" data-cbid="01234567-89ab" async></script>',
  termly: '<script src="https://app.termly.io/resource-blocker/01234567-89ab?autoBlock=on"></script>',
  iubenda: '<script src="https://cdn.iubenda.com/cs/iubenda_cs.js" async></script>',
  // ── Store tools: stock alerts, pre-orders, booking, access ────────────────
  "back-in-stock": '<script src="https://app.backinstock.org/storefront.js?shop=demo-store.myshopify.com" async></script>',
  preproduct: '<script src="https://api.preproduct.io/preproduct-embed.js" defer></script>',
  "globo-preorder": "<script>window.GloboPreorderParams = { shopDomain: 'demo-store.myshopify.com' };</script>",
  "ordersify-product-alerts": '<script src="https://cdn.ordersify.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "hulk-age-verification":
    '<script src="https://age-verification.hulkapps.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  bookthatapp: '<script src="https://bookthatapp.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  appointo: '<script src="https://app.appointo.me/scripttag/appointo.js?shop=demo-store.myshopify.com" defer></script>',
  minmaxify: "<script>window.minMaxify = { shop: 'demo-store.myshopify.com', checkLimits: function () {} };</script>",
  stockist: '<script src="https://stockist.co/embed/v1/widget.min.js" async></script>',
  "storeify-locator": '<script src="https://storeify.app/storefront.js?shop=demo-store.myshopify.com" async></script>',
  tapcart: '<script src="https://cdn.tapcart.com/storefront.js?shop=demo-store.myshopify.com" async></script>',
  // ── Sales channels and further apps seen on captured storefronts ───────────
  nofraud: '<script src="https://services.nofraud.com/js/device.js?shop=demo-store.myshopify.com" async></script>',
  clyde: '<script src="https://api.joinclyde.com/scripts/shopify-storefront.min.js?shop=demo-store.myshopify.com" async></script>',
  easygdpr: '<script src="https://easygdpr.b-cdn.net/v/1553540745/gdpr.min.js?shop=demo-store.myshopify.com" async></script>',
  "cozy-country-redirect":
    '<script src="https://cozycountryredirect.addons.business/js/eggbox/1234/script_abc.js?shop=demo-store.myshopify.com" async></script>',
  talkable: '<script src="//d2jjzw81hqbuqv.cloudfront.net/integration/talkable-4.5.7.min.js"></script>',
  "bucks-currency-converter":
    '<script src="https://demo-store.myshopify.com/apps/buckscc/sdk.min.js?shop=demo-store.myshopify.com" async></script>',
  "avada-email-marketing": '<script src="https://app.avada.io/avada-sdk.min.js?shop=demo-store.myshopify.com" async></script>',
  "avada-flying-pages": '<script src="https://cdn1.avada.io/flying-pages/module.js?shop=demo-store.myshopify.com" async></script>',
  gelato:
    '<script type="module" src="https://ecommerce-editor-connector.live.gelato.tech/ecommerce-editor/v1/shopify.esm.js?c=abc&shop=demo-store.myshopify.com"></script>',
  "omega-facebook-chat":
    '<script src="https://api.omegatheme.com/facebook-chat/facebook-chat.js?v=1644850829&shop=demo-store.myshopify.com" async></script>',
  "booster-apps-back-in-stock":
    '<script src="https://cdn.boosterapps.com/apps/back-in-stock/packs/storefront.js?shop=demo-store.myshopify.com" async></script>',
  "booster-messages": "<script>window.baMsg = window.baMsg || {}; window.baMsg.app_url = '/apps/ba_fb_app';</script>",
  rivo: "<script>var loy_config = { api_endpoint: '/apps/ba-loy' };</script>",
  "booster-recommendations": "<script>var csw_settings = { app_root_url: '/apps/booster_recommendations', app_name: 'freq' };</script>",
  "booster-discounted-pricing": "<script>fetch('/apps/discounted_pricing/cart', { method: 'POST' });</script>",
  "smart-seo":
    '<!--JSON-LD data generated by Smart SEO--><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization"}</script>',
  "slider-revolution":
    '<!-- START example REVOLUTION SLIDER 6.2.21.2 --><div class="rev_slider_wrapper"></div><!-- END REVOLUTION SLIDER -->',
  "booster-seo": "<!-- Start of Booster Apps Seo-0.1--><title>Demo store</title><!-- end of Booster Apps SEO -->",
  "booster-push":
    '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/pu_61234567890.js?shop=demo-store.myshopify.com" async></script>',
  "json-ld-for-seo":
    '<!-- This line added automatically by JSON-LD for SEO. --><script type="application/ld+json">{"@type":"WebSite"}</script>',
  "simprosys-google-customer-reviews":
    '<!-- BEGIN: Google Customer Review by Simprosys InfoMedia --><script src="https://apis.google.com/js/platform.js?onload=renderBadge" async></script>',
  "starapps-studio": "<!-- This code is automatically managed by StarApps Studio --><script>var starapps = {};</script>",
  orderlogic: "<!-- OrderLogic checkout restrictions ========================================= --><script>var olConfig = {};</script>",
  "sc-request-a-quote": "<!--Start: SC Request a Quote --><script>var scr_cart = {};</script><!--End: SC Request a Quote -->",
  "bold-quantity-breaks": '<script src="https://qb.boldapps.net/quantity_breaks.php?shop=demo-store.myshopify.com" async></script>',
  "shopper-approved": '<script src="https://www.shopperapproved.com/widgets/testimonial/3.0/27332.js" async></script>',
  mezereon: "<script>w.mz = { context: { api: 'https://api.mezereon.net/v1/search' } };</script>",
  instabuy: "<script>loadScript('https://assets.useinstabuy.com/assets/instabuy-app.js');</script>",
  paybright: '<script src="https://app.paybright.com/dist/sdk.js?public_key=pk_demo" async></script>',
  sift: "<script>var _sift = window._sift = window._sift || []; e.src = 'https://cdn.siftscience.com/s.js';</script>",
  "spurit-countdown-timer": "<script>var Spurit = window.Spurit || {}; Spurit.CountdownTimer = { userId: 1 };</script>",
  addi: '<script src="https://s3.amazonaws.com/widgets.addi.com/shopify-co-widget-wrapper.bundle.min.js" data-name="shopifyAddiWidget"></script>',
  "globo-store-locator": "<script>var gbStoreSetting = { pinIcon: 'https://stores.globosoftware.net/images/location-512.png' };</script>",
  mlveda: "<script>var mlvedaShopCurrency = 'USD'; window.mlvedadefaultcurrency = 'USD';</script>",
  "slide-cart":
    '<script src="https://cdn.jsdelivr.net/gh/apphq/slidecart-dist@master/slidecarthq-forward.js?4&shop=demo-store.myshopify.com" async></script>',
  accentuate: '<script>var fields = { image: "https://cdn.accentuate.io/1234567890/1634749060800/banner.png" };</script>',
  "pre-order-now": '<script src="https://preorder-now.herokuapp.com/widget/javascript?shop=demo-store.myshopify.com"></script>',
  userway: '<script src="https://cdn.userway.org/widget.js" data-account="AbCdEf1234"></script>',
  "hextom-quick-announcement-bar":
    '<script src="https://cdn.hextom.com/js/quickannouncementbar.js?shop=demo-store.myshopify.com" async></script>',
  "globo-product-options":
    '<script src="https://cdn.shopify.com/extensions/35ea8c06-f706-4d25-a6f7-df8985b238c7/globo-product-option-276/assets/gpomain.js" defer></script>',
  "ldt-gift-wrap":
    '<script src="https://cdn.shopify.com/extensions/dba35fbe-74b1-4478-830c-fb2c3ab8ef06/ldt-gift-wrap-526/assets/ldt-gift-wrap.js" defer></script>',
  "whatsapp-button-eaze":
    "<!-- BEGIN app block: shopify://apps/whatsapp-button/blocks/app-embed-block/96d80a63-e860-4262-a001-8b82ac4d00e6 --><!-- END app block -->",
  "qikify-bogo":
    '<script src="https://cdn.shopify.com/extensions/adef1bae-1a15-4706-af14-77b9d81927f1/qikify-bogo-freegift-222/assets/boosterkit-v2.js" defer></script>',
  "hulk-order-lookup": '<script src="https://d11gyepaze0qmc.cloudfront.net/assets/js/order-lookup-by-hulkapps.js" async></script>',
  "govx-id": '<script src="https://id-shop.govx.com/app/demo-store.myshopify.com/govx.js" async></script>',
  awin: '<script src="https://dr4qe3ddw9y32.cloudfront.net/awin-shopify-integration-code.js?aid=12345" defer></script>',
  byob: '<script src="https://app.ilovebyob.com/static/shopify_app/js/cart.js?shop=demo-store.myshopify.com" async></script>',
  wunderkind: '<script src="https://tag.wknd.ai/1234/i.js" async></script>',
  "appstle-subscriptions":
    '<script src="https://cdn.shopify.com/extensions/6e74a30b-4c36-44a3-b534-05df6088be6e/appstle-subscriptions-app-114/assets/appstle-subscription-widget.js" defer></script>',
  shipway: '<script src="https://convert.shipway.com/dashboard/js/shpwidget.js?shop=demo-store.myshopify.com" async></script>',
  fastrr: '<script src="https://fastrr-boost-ui.pickrr.com/assets/js/channels/shopify.js" defer></script>',
  "breeze-checkout": '<script type="module" src="https://sdk.breeze.in/electron/97.0.0/index.js" id="breeze-script-tag"></script>',
  nector: '<script src="https://cdn.nector.io/nector-static/no-cache/reward-widget/mainloader.min.js" async></script>',
  "proof-bear":
    '<script src="https://cdn.shopify.com/extensions/de388b0c-47f2-47fe-b27b-c7d01015cf97/proof-bear-sales-popup-2/assets/salespop-widget.js" defer></script>',
  onepixel:
    '<script src="https://cdn.shopify.com/extensions/ddf3633d-48cc-469c-ac43-f6983e286fe2/onepixel-facebook-pixel-tiktok-4/assets/one-pixel.js" defer></script>',
  "use-google-fonts":
    "<!-- BEGIN app block: shopify://apps/use-google-fonts-custom-fonts/blocks/app-embed/2caf2c68-0038-455e-b0b9-066a7c2ad923 --><!-- END app block -->",
  uppromote: '<script src="https://d1639lhkj5l89m.cloudfront.net/js/storefront/uppromote.js?shop=demo-store.myshopify.com" async></script>',
  tolstoy: '<script src="https://widget.gotolstoy.com/widget/widget.js" data-shop="demo-store.myshopify.com" defer></script>',
  easyads: '<script src="https://api-pixels.easyadsapp.com/storefront.js?eid=1234&shop=demo-store.myshopify.com" async></script>',
  "ecomsend-popups":
    '<script src="https://cdn.shopify.com/extensions/1f3a05ea-775a-40de-8f65-45a2860240b8/ecomsend-popups-11/assets/storefront.js" defer></script>',
  adperfect:
    "<!-- BEGIN app block: shopify://apps/adperfect-marketing-platform/blocks/app-embed/8b4a8c56-21b5-437e-95f2-1a2b3c4d5e6f --><!-- END app block -->",
  "air-reviews":
    '<script src="https://cdn.shopify.com/extensions/ad1713ae-5743-425a-a52f-db2697f1e9aa/air-product-reviews-30/assets/air-reviews.js" defer></script>',
  "google-youtube":
    '<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [{"id":"123456","configuration":"{}","eventPayloadVersion":"v1","runtimeContext":"STRICT","scriptVersion":"1","type":"APP","apiClientId":1780363,"privacyPurposes":[]}]});</script>',
  "facebook-instagram":
    '<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [{"id":"123456","configuration":"{}","eventPayloadVersion":"v1","runtimeContext":"STRICT","scriptVersion":"1","type":"APP","apiClientId":2329312,"privacyPurposes":[]}]});</script>',
  "pinterest-channel":
    '<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [{"id":"123456","configuration":"{}","eventPayloadVersion":"v1","runtimeContext":"STRICT","scriptVersion":"1","type":"APP","apiClientId":3009811,"privacyPurposes":[]}]});</script>',
  "tiktok-channel":
    '<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [{"id":"123456","configuration":"{}","eventPayloadVersion":"v1","runtimeContext":"STRICT","scriptVersion":"1","type":"APP","apiClientId":4383523,"privacyPurposes":[]}]});</script>',
  "snapchat-ads":
    '<script src="https://intg.snapchat.com/shopify/shopify-scevent.js?id=01234567-89ab-cdef-0123-456789abcdef" async></script>',
  "microsoft-channel":
    '<script>var urls = ["https://bingshoppingtool-t2app-prod.trafficmanager.net/uet/tracking_script?shop=demo-store.myshopify.com"]; function asyncLoad() {}</script>',
  accessibe:
    "<script>(function(){var s=document.createElement('script');s.src='https://acsbapp.com/apps/app/dist/js/app.js';s.async=true;s.onload=function(){acsbJS.init({})};document.head.appendChild(s);})();</script>",
  "buy-with-prime": '<script src="https://code.buywithprime.amazon.com/bwp.v1.js" async></script>',
  vwo: "<script>window._vwo_code || (function(){var account_id=123456;window._vwo_code={finish:function(){}};})();</script>",
  locksmith:
    "<script data-locksmith>!function(){var e=document.querySelector('script[type=\"application/vnd.locksmith+json\"]');window.Locksmith={};}();</script>",
  trafficguard: '<script src="https://d3bt4yq3k408c5.cloudfront.net/trafficguard.js?shop=demo-store.myshopify.com" async></script>',
  wheelio: '<script src="https://wheelio-a62f3.firebaseapp.com/scripttag.js?shop=demo-store.myshopify.com" async></script>',
  "window-shoppers":
    '<script src="https://sr-cdn.azureedge.net/Scripts/windowshoppers.min.js?shop=demo-store.myshopify.com" async></script>',
  boostflow: '<script src="https://sdk.boostflow.com/js/app.js" async></script>',
  widde: '<script src="https://cdn.widde.io/widde.1.1.0.js?token=abc" async></script>',
  "inspon-textfield": '<script defer src="https://inspon-app.com/textfield/backend/js/page_script.js"></script>',
  kaito: "<script>function runKaito() { var kaitoOptions = { shop_domain: 'demo-store.myshopify.com' }; }</script>",
  alia: '<script>const BACKEND_URL = "https://backend.alia-prod.com"; window.ALIA_SHOPIFY_EXTENSION_INFO = {};</script>',
  "avada-help-center": '<script async src="https://s3.helpcenterapp.com/cdn/widget/mount-widget.js"></script>',
  "soronix-product-extra-field":
    '<script>xhttp.open("POST", "https://apps.soronix.com/product_exra_field/view/request.php", true);</script>',
  "spurit-pre-order":
    '<script>var SPOParams = { id: "abc" };</script><script src="https://cdn.example.test/shopify-apps/pre-order/js/common.js"></script>',
  beetailer: '<script src="https://www.beetailer.com/javascripts/beecart.js" type="text/javascript"></script>',
  "notify-me": "<script>fetch(`https://api.notify-me.app/sdk/${shopDomain}`).then((r) => r.json());</script>",
  navidium:
    '<script src="https://navidium-static-assets.s3.amazonaws.com/navidium-widgets/extension/navidium-extension-checker.js"></script>',
  "yampi-checkout": "<script>var cartEndpoint = 'https://api.dooki.com.br/v2/public/shopify/cart';</script>",
  "ampify-me": '<script>window.performance.mark("shopsheriff.amp-snippet.start");</script>',
};

/**
 * Snippets of the pixels and tags the app catalog once listed as analytics apps (until the one list
 * of technologies, lib/technologies): each is now a tag only, reported once.
 */
export const FORMER_TAG_APP_SAMPLES: Record<string, string> = {
  "google-analytics":
    '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABCDE12345"></script>' +
    "<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', 'G-ABCDE12345');</script>",
  "google-tag-manager":
    "<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-ABC1234');</script>",
  "meta-pixel":
    "<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init', '123456789012345');fbq('track', 'PageView');</script>",
  "tiktok-pixel":
    "<script>!function (w, d, t) { w.TiktokAnalyticsObject=t; var ttq=w[t]=w[t]||[]; ttq.load=function(e){var n='https://analytics.tiktok.com/i18n/pixel/events.js';}; ttq.load('C0ABCDEFGHIJ'); ttq.page(); }(window, document, 'ttq');</script>",
  "pinterest-tag":
    '<script>!function(e){if(!window.pintrk){window.pintrk=function(){window.pintrk.queue.push(Array.prototype.slice.call(arguments))};var n=window.pintrk;n.queue=[],n.version="3.0";var t=document.createElement("script");t.async=!0,t.src=e;var r=document.getElementsByTagName("script")[0];r.parentNode.insertBefore(t,r)}}("https://s.pinimg.com/ct/core.js");pintrk(\'load\', \'2612345678901\');</script>',
  "snapchat-pixel":
    "<script>(function(e,t,n){if(e.snaptr)return;var a=e.snaptr=function(){a.handleRequest?a.handleRequest.apply(a,arguments):a.queue.push(arguments)};a.queue=[];var s='script';var r=t.createElement(s);r.async=!0;r.src=n;var u=t.getElementsByTagName(s)[0];u.parentNode.insertBefore(r,u);})(window,document,'https://sc-static.net/scevent.min.js');snaptr('init', '01234567-89ab-cdef');</script>",
  hotjar:
    "<script>(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:1234567,hjsv:6};a=o.getElementsByTagName('head')[0];r=o.createElement('script');r.async=1;r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r);})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');</script>",
  "microsoft-clarity":
    '<script>(function(c,l,a,r,i,t,y){c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+i;y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);})(window, document, "clarity", "script", "abcdefghij");</script>',
  "x-pixel": '<script src="https://static.ads-twitter.com/uwt.js" async></script>',
  "reddit-pixel": '<script src="https://www.redditstatic.com/ads/pixel.js" async></script>',
  "microsoft-ads-uet": '<script src="//bat.bing.com/bat.js" async></script>',
};
