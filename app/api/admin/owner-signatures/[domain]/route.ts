import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { removeOwnerSignatureEndpoint } from "@/lib/bot-auth/endpoints";
import { removeOwnerSignature } from "@/lib/bot-auth/owner-signatures";

export const dynamic = "force-dynamic";

// DELETE /api/admin/owner-signatures/:domain – stop sending a store's own signature (admins only)
export const DELETE = route(removeOwnerSignatureEndpoint, async ({ params }) =>
  json({ owner_signature: await removeOwnerSignature(params.domain) }),
);
