import { buildLlmsTxt } from "@/lib/seo/well-known";

export const dynamic = "force-dynamic";

// GET /llms.txt – how agents use the API (OpenAPI document, API keys, x402 payment)
export function GET() {
  return new Response(buildLlmsTxt(), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
