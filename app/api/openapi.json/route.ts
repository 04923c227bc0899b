import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { getOpenApiDocumentEndpoint } from "@/lib/endpoints/registry";
import { route } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/openapi.json – the OpenAPI 3.1 document, built from the routes' zod schemas
export const GET = route(getOpenApiDocumentEndpoint, async () => buildOpenApiDocument());
