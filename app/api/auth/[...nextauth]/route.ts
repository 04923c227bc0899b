import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { ApiError, methodNotAllowed } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

// /api/auth/* – Auth.js: csrf, session (refresh), providers, signin, callback, signout.
// Every method is routed, so a method Auth.js does not speak (it speaks GET and POST) still gets
// the error body and its `Allow` (docs/decisions.md §7).
export const GET = async (req: NextRequest) => withErrorBody(await handlers.GET(req));
export const POST = async (req: NextRequest) => withErrorBody(await handlers.POST(req));

/**
 * Auth.js refuses what it cannot parse (an unknown action, a failed CSRF check on the session)
 * with a bare 400: a JSON string or null. Every 4xx of the API carries the error body.
 */
async function withErrorBody(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  await response.body?.cancel();

  return errorResponse(new ApiError("invalid_request", "Not an authentication request", { status: response.status }), "auth");
}

/** HEAD is GET without a body (Auth.js itself refuses HEAD). */
export async function HEAD(req: NextRequest): Promise<Response> {
  const response = await handlers.GET(new NextRequest(req.url, { method: "GET", headers: req.headers }));

  return new Response(null, { status: response.status, headers: response.headers });
}

const ALLOWED = ["GET", "HEAD", "OPTIONS", "POST"];

export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOWED.join(", ") } });
}

function refuseMethod(req: Request): Response {
  return errorResponse(methodNotAllowed(req.method, ALLOWED), "auth");
}

export const PUT = refuseMethod;
export const PATCH = refuseMethod;
export const DELETE = refuseMethod;
