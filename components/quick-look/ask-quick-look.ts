import { ApiRequestError, callEndpoint } from "@/components/api/client";
import { checkBeforeSending, describeRefusal, type FormWording, type Refusal } from "@/lib/forms/refusal";
import { getQuickLookEndpoint } from "@/lib/quick-look/endpoints";
import { quickLookQuerySchema, type QuickLook } from "@/lib/quick-look/schemas";

/** A quick look, or why there is none (`limited`: the address's day of looks is used up). */
export type QuickLookAnswer = { look: QuickLook } | { refusal: Refusal; limited: boolean };

// The home form imports this module when the visitor submits, so the API client and zod stay
// out of the home page's first load (docs/benchmarks.md, Lighthouse).

/** `domain` checked with the API's own schema: null when it passes, else the refusal to show. */
export const checkQuickLook = (domain: string, wording: FormWording): Refusal | null =>
  checkBeforeSending(quickLookQuerySchema, { domain }, wording);

/** The quick look at `domain` (already checked), or the API's refusal in words. */
export async function askQuickLook(domain: string, wording: FormWording): Promise<QuickLookAnswer> {
  try {
    return { look: await callEndpoint(getQuickLookEndpoint, { query: { domain: domain.trim() } }) };
  } catch (failure) {
    return { refusal: describeRefusal(failure, wording), limited: failure instanceof ApiRequestError && failure.status === 429 };
  }
}
