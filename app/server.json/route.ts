import { serverJsonResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

// GET /server.json – this deployment as the official MCP registry describes a server (the repository's server.json, for this BASE_URL)
export function GET() {
  return serverJsonResponse();
}
