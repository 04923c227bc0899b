import { MAX_DOMAIN_LENGTH } from "./normalize-domain";

/** `www.Allbirds.com` → `allbirds.com`: `www.x` and `x` are two spellings of one store's host. */
export function bareHost(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

/** `www.Allbirds.com` → `allbirds-com`: lower-case host without `www.`, dots to dashes. */
export function slugForDomain(domain: string): string {
  return bareHost(domain).replaceAll(".", "-");
}

/** A shop's permanent Shopify host: one label under `myshopify.com`. */
const MYSHOPIFY_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.myshopify\.com$/;

/** The `*.myshopify.com` host a value names, or null when it names anything else. */
export function myshopifyHostOf(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_DOMAIN_LENGTH) return null;
  const host = value.trim().toLowerCase().replace(/\.$/, "");

  return MYSHOPIFY_HOST.test(host) ? host : null;
}
