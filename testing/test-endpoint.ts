import type { AccessName } from "@/lib/auth/access";
import { defineEndpoint, type Endpoint } from "@/lib/http/define-endpoint";

/**
 * An endpoint no route file serves, for tests of the route wrapper itself: the access rule and
 * schemas under test, the rest of a declaration filled in.
 */
export function testEndpoint<const E extends Partial<Endpoint<AccessName>> & Pick<Endpoint<AccessName>, "access">>(endpoint: E) {
  return defineEndpoint({
    method: "POST",
    path: "/api/synthetic",
    operationId: "synthetic",
    tag: "system",
    summary: "A synthetic endpoint",
    answers: { 200: {} },
    ...endpoint,
  });
}
