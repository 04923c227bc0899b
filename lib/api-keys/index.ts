export { createApiKey, MAX_ACTIVE_KEYS_PER_USER } from "./create-api-key";
export { listApiKeys } from "./list-api-keys";
export { revokeApiKey } from "./revoke-api-key";
export * from "./schemas";
