import { z } from "zod";

/** Largest accepted Signature / Signature-Input value (Ed25519 signatures are ~100 characters). */
export const MAX_SIGNATURE_CHARS = 4096;
/** Largest accepted Signature-Agent value (a URL, quoted). */
export const MAX_SIGNATURE_AGENT_CHARS = 1024;

const headerValue = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be at most ${max} characters`)
    .regex(/^[\x20-\x7e]*$/, `${name} must be printable ASCII (a structured header value)`);

/** POST /api/admin/owner-signatures request body: the three values Shopify's admin shows. */
export const registerOwnerSignatureSchema = z.object({
  domain: z
    .string({ error: "domain is required" })
    .min(1)
    .max(300)
    .meta({ examples: ["example-store.com"] }),
  signature: headerValue("signature", MAX_SIGNATURE_CHARS).meta({
    examples: ["sig1=:jdq0SqOwHdyHr9+r5jw3iYZH6aNGKijYp/EstF4RQTQdi5N5YYKrD+mCT1HA1nZDsi6nJKuHxUi/5Syp3rLWBA==:"],
  }),
  signature_input: headerValue("signature_input", MAX_SIGNATURE_CHARS).meta({
    examples: [
      'sig1=("@authority" "signature-agent");created=1767225600;expires=1774915200;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";tag="web-bot-auth"',
    ],
  }),
  signature_agent: headerValue("signature_agent", MAX_SIGNATURE_AGENT_CHARS).meta({ examples: ['"https://shopify.com"'] }),
});

/** DELETE /api/admin/owner-signatures/:domain path parameters. */
export const ownerSignatureParamsSchema = z.object({ domain: z.string().min(1).max(300) });

/** A registration as the API shows it: never the signature values. */
export const ownerSignatureSchema = z.object({
  domain: z.string(),
  /** `created` of Signature-Input, when it names one. */
  signed_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }),
  expired: z.boolean(),
  /** A user id, or `cli`. */
  registered_by: z.string(),
  registered_at: z.iso.datetime({ offset: true }),
});

/** POST → 201 and DELETE → 200: the registration. */
export const ownerSignatureEnvelopeSchema = z.object({ owner_signature: ownerSignatureSchema });

/** GET → 200: every registration, by domain. */
export const ownerSignatureListSchema = z.object({ data: z.array(ownerSignatureSchema) });

export type RegisterOwnerSignatureInput = z.infer<typeof registerOwnerSignatureSchema>;
export type OwnerSignatureView = z.infer<typeof ownerSignatureSchema>;
