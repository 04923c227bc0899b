/**
 * The columns of Shopify's product import template (product_template.csv), in its order.
 * A file with exactly this header imports through Admin › Products › Import.
 */
export const SHOPIFY_PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Google Shopping / Google Product Category",
  "Google Shopping / Gender",
  "Google Shopping / Age Group",
  "Google Shopping / MPN",
  "Google Shopping / AdWords Grouping",
  "Google Shopping / AdWords Labels",
  "Google Shopping / Condition",
  "Google Shopping / Custom Product",
  "Google Shopping / Custom Label 0",
  "Google Shopping / Custom Label 1",
  "Google Shopping / Custom Label 2",
  "Google Shopping / Custom Label 3",
  "Google Shopping / Custom Label 4",
  "Variant Image",
  "Variant Weight Unit",
  "Variant Tax Code",
  "Cost per item",
  "Status",
] as const;

export type ShopifyCsvColumn = (typeof SHOPIFY_PRODUCT_CSV_COLUMNS)[number];
/**
 * A row of the file. Strings are the store's words and leave as text no spreadsheet evaluates
 * (neutralizeFormula); numbers (grams, quantities, positions) leave as numbers, so a
 * quantity of -3 stays -3 and not the text '-3.
 */
export type ShopifyCsvRow = Partial<Record<ShopifyCsvColumn, string | number>>;
