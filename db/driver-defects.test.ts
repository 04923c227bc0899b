import { describe, expect, it } from "vitest";
import { isDriverTypeFetchFailure } from "./driver-defects";

// The query postgres.js runs on each new connection for the array types (its connection.js).
const TYPE_FETCH = `
      select b.oid, b.typarray
      from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'
      group by b.oid, b.typarray
      order by b.oid
    `;

describe("the driver's unhandled type-fetch rejection", () => {
  it("is recognized by the query it carries, whatever failed under it", () => {
    expect(isDriverTypeFetchFailure(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", query: TYPE_FETCH }))).toBe(true);
    expect(isDriverTypeFetchFailure({ message: "terminating connection", code: "57P01", query: TYPE_FETCH })).toBe(true);
  });

  it("is not any other error, a failed query of ours included", () => {
    expect(isDriverTypeFetchFailure(Object.assign(new Error("read ECONNRESET"), { query: "select * from jobs" }))).toBe(false);
    expect(isDriverTypeFetchFailure(new Error("boom"))).toBe(false);
    expect(isDriverTypeFetchFailure("pg_catalog.pg_type typarray")).toBe(false);
    expect(isDriverTypeFetchFailure(null)).toBe(false);
  });
});
