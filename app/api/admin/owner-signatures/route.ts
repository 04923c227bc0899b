import { created, json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { listOwnerSignaturesEndpoint, registerOwnerSignatureEndpoint } from "@/lib/bot-auth/endpoints";
import { listOwnerSignatures, registerOwnerSignature } from "@/lib/bot-auth/owner-signatures";

export const dynamic = "force-dynamic";

// GET /api/admin/owner-signatures – domains and expiry of the registered owner signatures (admins only)
export const GET = route(listOwnerSignaturesEndpoint, async () => json({ data: await listOwnerSignatures() }));

// POST /api/admin/owner-signatures – register a store's own Web Bot Auth values (admins only)
export const POST = route(registerOwnerSignatureEndpoint, async ({ body, user }) =>
  created({ owner_signature: await registerOwnerSignature(body, user.id) }),
);
