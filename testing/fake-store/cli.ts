// `npm run fake-store`: a standalone fake Shopify server with demo stores, for manual runs,
// demos and benchmarks driven from other processes (control API under /__fake/).
// Port: FAKE_STORE_PORT (default 4010).

import {
  blockedStore,
  fixtureStore,
  flakyStore,
  generatedStore,
  inventoryStore,
  lanewayStore,
  notShopifySite,
  passwordStore,
  SAMPLE_APPS,
  startFakeStore,
  type StoreDefinition,
} from "./index";

const DEMO_STORES: StoreDefinition[] = [
  fixtureStore("demo.test"),
  lanewayStore("laneway.test"),
  generatedStore("big.test", { products: 30_000, seed: 42, apps: [SAMPLE_APPS.klaviyo, SAMPLE_APPS.metaPixel] }),
  passwordStore("locked.test"),
  flakyStore("flaky.test", {
    latencyMs: 50,
    rateLimit: { everyK: 5, retryAfterSeconds: 1 },
    securityRejection: { everyK: 13 },
    serverErrors: { everyK: 7, statuses: [500, 502, 503] },
  }),
  inventoryStore("stock.test"),
  blockedStore("blocked.test"),
  notShopifySite("plain.test"),
];

const port = Number(process.env.FAKE_STORE_PORT ?? 4010);
const server = await startFakeStore({ port });
for (const def of DEMO_STORES) server.addStore(def);

console.log(`fake Shopify stores on ${server.origin}`);
for (const store of server.stores()) {
  const s = store.summary();
  const flags = [s.password && "password", s.jsonBlocked && "json 403", s.exposeInventory && "inventory"].filter(Boolean).join(", ");
  console.log(
    `  ${s.domain.padEnd(14)} ${s.kind === "shopify" ? `${s.products} products, ${s.currency}` : "not Shopify"}${flags ? ` (${flags})` : ""}`,
  );
}
console.log(`  any other host  answers like a non-Shopify site`);
console.log(
  `\nUse with StoreLens:\n  SHOP_RESOLVE=${server.shopResolve("*.test")},${server.shopResolve("*.myshopify.com")}\n  ALLOW_PRIVATE_NETWORK=true`,
);
console.log(
  `\nControl: curl ${server.origin}/__fake/stores ; curl -X POST -d '{"sales":3}' ${server.origin}/__fake/stores/demo.test/advance`,
);
console.log(`Try: curl -H 'Host: demo.test' '${server.origin}/products.json?limit=2'`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping fake store`);
  await server.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
