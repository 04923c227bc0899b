import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";

export const dynamic = "force-dynamic";

// /api/auth/* – Auth.js: csrf, session (refresh), providers, signin, callback, signout.
// Every method is routed (contract, 2026-04-09); Auth.js itself speaks GET and POST.
export const { GET, POST } = handlers;

/** HEAD is GET without a body (Auth.js itself refuses HEAD). */
export async function HEAD(req: NextRequest): Promise<Response> {
  const response = await handlers.GET(new NextRequest(req.url, { method: "GET", headers: req.headers }));

  return new Response(null, { status: response.status, headers: response.headers });
}

const ALLOW = "GET, HEAD, POST, OPTIONS";

export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW } });
}

function methodNotAllowed(req: Request): Response {
  return Response.json(
    { error: `${req.method} is not supported on the authentication endpoints`, code: "method_not_allowed" },
    { status: 405, headers: { allow: ALLOW } },
  );
}

export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
