import type { Product } from "@/lib/shopify-reader/schemas";
import type { ShopifyCsvRow } from "./shopify-csv-columns";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const bool = (value: boolean) => (value ? "TRUE" : "FALSE");

/**
 * One product as rows of Shopify's import template: the first row carries the product's
 * fields, one row per variant (option values and variant fields), and the images beyond the
 * variant count on rows of their own (Handle, Image Src, Image Position), as the template has them.
 * Values we never observe (taxable, barcode, cost) stay empty, so Shopify applies its defaults.
 * Numeric fields are numbers, everything else the store's text (see ShopifyCsvRow).
 */
export function productCsvRows(product: Product): ShopifyCsvRow[] {
  const optionNames = product.options.map((option) => option.name).slice(0, 3);
  const rows: ShopifyCsvRow[] = product.variants.map((variant, index) => {
    const row: ShopifyCsvRow = { Handle: product.handle };
    optionNames.forEach((name, i) => {
      const n = (i + 1) as 1 | 2 | 3;
      if (index === 0) row[`Option${n} Name`] = name;
      row[`Option${n} Value`] = variant.options[i] ?? "";
    });
    row["Variant SKU"] = variant.sku ?? "";
    row["Variant Grams"] = variant.grams ?? "";
    row["Variant Inventory Tracker"] = variant.inventoryQuantity === null ? "" : "shopify";
    row["Variant Inventory Qty"] = variant.inventoryQuantity ?? "";
    row["Variant Inventory Policy"] = "deny";
    row["Variant Fulfillment Service"] = "manual";
    row["Variant Price"] = variant.price ?? "";
    row["Variant Compare At Price"] = variant.compareAtPrice ?? "";
    row["Variant Requires Shipping"] = bool(variant.requiresShipping);
    row["Variant Weight Unit"] = variant.grams === null ? "" : "g";

    return row;
  });
  if (rows.length === 0) rows.push({ Handle: product.handle });

  Object.assign(rows[0]!, {
    Title: product.title,
    "Body (HTML)": product.description ? `<p>${escapeHtml(product.description)}</p>` : "",
    Vendor: product.vendor ?? "",
    Type: product.productType ?? "",
    Tags: product.tags.join(", "),
    Published: bool(product.publishedAt !== null),
    "Gift Card": "FALSE",
    Status: "active",
  } satisfies ShopifyCsvRow);

  product.images.forEach((image, index) => {
    const row = rows[index] ?? rows[rows.push({ Handle: product.handle }) - 1]!;
    row["Image Src"] = image.src;
    row["Image Position"] = index + 1;
  });

  return rows;
}
