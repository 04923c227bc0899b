import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { sampleAppSnippet } from "./sample-snippet";

/** A realistic 1 MB+ storefront (big inline product JSON) with three apps, for tests and the bench. */
export function largeStorefrontHtml(): string {
  const products = JSON.stringify(
    Array.from({ length: 1500 }, (_, i) => ({
      id: i,
      title: `Product ${i}`,
      body_html: "<p>Soft organic cotton with a relaxed fit.</p>",
      url: `https://demo-store.com/products/p-${i}`,
    })),
  );

  return buildDawnStorefrontHtml({
    productCount: 420,
    head: ["klaviyo", "judge-me", "gorgias"].map(sampleAppSnippet).join("\n"),
    body: `<script>var productsJson = ${products};</script>`,
  });
}
