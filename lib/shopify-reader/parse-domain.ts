import { ApiError } from "@/lib/http/errors";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";

/** A submitted store domain, normalized; anything that is not a host name is the caller's 400. */
export function parseDomainOrThrow(input: string, path = "body.domain"): string {
  const result = normalizeDomain(input);
  if (!result.ok) {
    throw new ApiError("invalid_request", `Invalid domain: ${result.error}`, {
      extra: { issues: [{ path, message: result.error }] },
    });
  }

  return result.domain;
}
