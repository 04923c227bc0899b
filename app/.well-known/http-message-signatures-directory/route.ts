import { keyDirectoryResponse } from "@/lib/bot-auth/key-directory";

export const dynamic = "force-dynamic";

// GET /.well-known/http-message-signatures-directory – the public keys that sign our store requests (Web Bot Auth)
export function GET() {
  return keyDirectoryResponse();
}
