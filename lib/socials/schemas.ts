import { z } from "zod";
import { findingSchema } from "@/lib/storefront-html/schemas";

/** The networks whose profiles the report lists. */
export const socialNetworkSchema = z
  .enum(["instagram", "facebook", "tiktok", "youtube", "pinterest", "x", "linkedin", "threads"])
  .describe("The network (x covers twitter.com and x.com)");
export type SocialNetwork = z.infer<typeof socialNetworkSchema>;

const seenOn = z
  .string()
  .describe('The store page it was seen on, as a path: "/" for the home page, "/pages/contact" for the contact page');

export const socialProfileSchema = findingSchema.extend({
  network: socialNetworkSchema,
  url: z.string().describe("The profile's address as the store links it (its tracking query kept)"),
  handle: z.string().describe("The account name, page name or channel id in the address"),
  seen_on: seenOn,
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

export const contactEmailSchema = findingSchema.extend({
  address: z.string().describe("A public e-mail address of the store (a mailto: link or its JSON-LD email)"),
  seen_on: seenOn,
});
export type ContactEmail = z.infer<typeof contactEmailSchema>;

export const contactPhoneSchema = findingSchema.extend({
  number: z.string().describe("A public phone number of the store as written (a tel: link or its JSON-LD telephone)"),
  seen_on: seenOn,
});
export type ContactPhone = z.infer<typeof contactPhoneSchema>;

/** The store's own social profiles and public contact, as read from its pages (lib/socials/read-socials.ts). */
export const socialsSchema = z.object({
  profiles: z
    .array(socialProfileSchema)
    .describe("The store's own profiles, at most 20; share buttons, videos, posts and placeholders are left out"),
  emails: z.array(contactEmailSchema).describe("Public e-mail addresses, at most 10"),
  phones: z.array(contactPhoneSchema).describe("Public phone numbers (7 to 15 digits), at most 10"),
});
export type Socials = z.infer<typeof socialsSchema>;

export const MAX_PROFILES = 20;
export const MAX_EMAILS = 10;
export const MAX_PHONES = 10;
