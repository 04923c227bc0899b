import type { TagKind } from "@/lib/marketing/tag-kinds";

/**
 * App slugs the app catalog once had for what is a tag (reports built before the one list name
 * them under `apps`): read as the tag, so an old report counts them once too.
 */
export const FORMER_TAG_APPS: Readonly<Record<string, TagKind>> = {
  "google-analytics": "google-analytics-4",
  "google-tag-manager": "google-tag-manager",
  "meta-pixel": "meta-pixel",
  "tiktok-pixel": "tiktok-pixel",
  "pinterest-tag": "pinterest-tag",
  "snapchat-pixel": "snapchat-pixel",
  hotjar: "hotjar",
  "microsoft-clarity": "microsoft-clarity",
  "x-pixel": "x-pixel",
  "reddit-pixel": "reddit-pixel",
  "microsoft-ads-uet": "microsoft-ads",
};

/** Those slugs, for the queries that leave them out of the app directory and its filter. */
export const FORMER_TAG_APP_SLUGS: readonly string[] = Object.keys(FORMER_TAG_APPS);
