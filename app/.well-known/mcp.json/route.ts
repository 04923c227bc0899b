import { serverCardResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

// GET /.well-known/mcp.json – the same server card at the path of the first draft (SEP-1649) and the crawlers that read it
export function GET() {
  return serverCardResponse();
}
