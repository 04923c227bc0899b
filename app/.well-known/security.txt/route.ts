import { buildSecurityTxt } from "@/lib/seo/well-known";

export const dynamic = "force-dynamic";

// GET /.well-known/security.txt – RFC 9116 contact for security reports
export function GET() {
  return new Response(buildSecurityTxt(), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
