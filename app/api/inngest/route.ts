import { serve } from "inngest/next";
import { inngest } from "@/lib/workflow/client";
import { functions } from "@/inngest";
import { getEngineKind } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

const handlers = serve({ client: inngest, functions });
type Handler = (typeof handlers)["POST"];

/**
 * Only Inngest (Cloud or self-hosted, requests signed with INNGEST_SIGNING_KEY) calls this
 * route. In embedded mode the executor drives the handler in-process and the client runs
 * unsigned (isDev), so the route must not exist for the outside world.
 */
function onlyForInngest(handler: Handler): Handler {
  return ((...args: Parameters<Handler>) => {
    if (getEngineKind() !== "inngest") {
      return errorResponse(new ApiError("not_found", "Not found"), "inngest");
    }

    return handler(...args);
  }) as Handler;
}

// GET, POST, PUT /api/inngest – the functions, for Inngest Cloud or self-hosted Inngest
export const GET = onlyForInngest(handlers.GET);
export const POST = onlyForInngest(handlers.POST);
export const PUT = onlyForInngest(handlers.PUT);
