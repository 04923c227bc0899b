import { z } from "zod";

/** POST /api/api-keys request body. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name must not be empty")
    .max(100, "name must be at most 100 characters")
    .meta({ examples: ["CI"] }),
});

/** DELETE /api/api-keys/:id path parameters. */
export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** One key as the API shows it: never the hash, never the raw key. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key (`sl_AbC123`), to tell keys apart. */
  prefix: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});

/** POST /api/api-keys → 201: the record plus the raw key, shown this once. */
export const createdApiKeySchema = z.object({
  api_key: apiKeySchema,
  key: z.string(),
});

/** GET /api/api-keys → 200: the caller's active keys, newest first. */
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

/** DELETE /api/api-keys/:id → 200: the revoked record. */
export const revokedApiKeySchema = z.object({
  api_key: apiKeySchema.extend({ revoked_at: z.iso.datetime({ offset: true }) }),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
export type ApiKeyView = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;
