import { defineEndpoint } from "@/lib/http/define-endpoint";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "./schemas";

export const listApiKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/api-keys",
  access: "session-only",
  operationId: "listApiKeys",
  tag: "account",
  summary: "List your API keys",
  description:
    "Your active keys, newest first: id, name, prefix, created and last-used times; never the raw key or its hash (a lost key is revoked and replaced). Revoked keys are not listed.",
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
  description:
    "The raw key is in this answer only: store it now (send it as X-API-Key or Authorization: Bearer). At most 100 active keys per account: 409 conflict until one is revoked. 400 when the name is empty or longer than 100 characters.",
  answers: { 201: { schema: createdApiKeySchema }, 400: "error", 409: "error" },
});

export const revokeApiKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/api-keys/:id",
  access: "session-only",
  operationId: "revokeApiKey",
  tag: "account",
  summary: "Revoke an API key (effective on the next request)",
  params: apiKeyParamsSchema,
  description:
    "The key's next request gets 401. 404 when the id names no active key of yours (another account's key, one already revoked, or none); revoking is not undone.",
  answers: { 200: { schema: revokedApiKeySchema }, 404: "error" },
});
