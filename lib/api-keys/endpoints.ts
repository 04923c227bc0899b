import { defineEndpoint } from "@/lib/http/define-endpoint";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "./schemas";

export const listApiKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/api-keys",
  access: "session-only",
  operationId: "listApiKeys",
  tag: "account",
  summary: "List your API keys",
  answers: { 200: { schema: apiKeyListSchema } },
});

export const createApiKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/api-keys",
  access: "session-only",
  operationId: "createApiKey",
  tag: "account",
  summary: "Create an API key (the raw key is returned only now)",
  body: createApiKeySchema,
  answers: { 201: { schema: createdApiKeySchema }, 400: "error" },
});

export const revokeApiKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/api-keys/:id",
  access: "session-only",
  operationId: "revokeApiKey",
  tag: "account",
  summary: "Revoke an API key (effective on the next request)",
  params: apiKeyParamsSchema,
  answers: { 200: { schema: revokedApiKeySchema }, 404: "error" },
});
