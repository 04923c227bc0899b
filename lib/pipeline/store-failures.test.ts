import { describe, expect, it } from "vitest";
import { describeStoreFailure } from "./store-failures";

// Public job errors never show the internal addresses a store's host resolved to.

describe("describeStoreFailure", () => {
  it("keeps resolved and connected addresses out of the public error", () => {
    const refused = describeStoreFailure("evil.test", {
      status: "refused",
      message: "evil.test resolves to 169.254.169.254 (link-local), which is not allowed",
    });
    const down = describeStoreFailure("down.test", {
      status: "unavailable",
      httpStatus: null,
      message: "connect ECONNREFUSED 10.0.0.5:443, then fe80::1 and [::1]:8443",
    });

    expect(refused).toEqual({
      code: "store_refused",
      error: "evil.test cannot be analyzed: evil.test resolves to [address] (link-local), which is not allowed",
    });
    expect(down.error).not.toMatch(/10\.0\.0\.5|fe80|::1/);
    expect(down.error).toContain("ECONNREFUSED [address]");
  });

  it("leaves ordinary messages alone", () => {
    expect(describeStoreFailure("a.test", { status: "unavailable", httpStatus: 503, message: "server error (503)" }).error).toBe(
      "a.test did not answer reliably: server error (503)",
    );
  });
});
