import { defineEndpoint } from "@/lib/http/define-endpoint";
import {
  ownerSignatureEnvelopeSchema,
  ownerSignatureListSchema,
  ownerSignatureParamsSchema,
  registerOwnerSignatureSchema,
} from "./schemas";

export const listOwnerSignaturesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/owner-signatures",
  access: "admin",
  operationId: "listOwnerSignatures",
  tag: "admin",
  summary: "List the stores' own Web Bot Auth signatures the crawler sends (domain and expiry, never the values; administrators)",
  description:
    "Each registered domain with its expiry (and whether it has expired); the signature values are stored sealed and never answered.",
  answers: { 200: { schema: ownerSignatureListSchema } },
});

export const registerOwnerSignatureEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/owner-signatures",
  access: "admin",
  operationId: "registerOwnerSignature",
  tag: "admin",
  summary:
    "Register the Signature, Signature-Input and Signature-Agent values a merchant generated in Shopify's admin for their store; the crawler sends them to that domain until they expire (administrators)",
  body: registerOwnerSignatureSchema,
  description:
    "The values are checked as structured fields (RFC 8941, as RFC 9421 message signatures use them) before they are kept, sealed: 400 naming the field when one is malformed, Signature-Input names no signature or more than 4, a signature lacks an integer expires, has expired, or expires more than three months from now. Registering a domain again replaces its values.",
  answers: { 201: { schema: ownerSignatureEnvelopeSchema }, 400: "error" },
});

export const removeOwnerSignatureEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/owner-signatures/:domain",
  access: "admin",
  operationId: "removeOwnerSignature",
  tag: "admin",
  summary: "Stop sending a store's own Web Bot Auth signature and forget it (administrators)",
  params: ownerSignatureParamsSchema,
  description: "The crawler stops sending the domain's signature at once. 404 when the domain has none registered.",
  answers: { 200: { schema: ownerSignatureEnvelopeSchema }, 400: "error", 404: "error" },
});
