/**
 * Reading a pasted or uploaded list into store domains: one store-domain rule for every line,
 * one store once however it is spelled, bad lines named by their line number, the caps kept.
 */
import { describe, expect, it } from "vitest";
import { parseDomainList } from "./parse-domain-list";
import { MAX_BATCH_DOMAINS, MAX_BATCH_LINES } from "./schemas";

describe("a CSV list", () => {
  it("reads the first column, skips a header and blank lines, and keeps the first spelling of each store", () => {
    const csv = 'Domain,Notes\r\n"https://www.Allbirds.com/collections/all",shoes\r\n\r\ngymshark.com;x\nallbirds.com\n\tkith.com\t1\n';
    expect(parseDomainList({ csv })).toEqual({
      domains: ["www.allbirds.com", "gymshark.com", "kith.com"],
      invalid: [],
      duplicates: 1,
      overLimit: false,
    });
  });

  it("names each line that is not a store domain by its line number in the file", () => {
    const { invalid, domains } = parseDomainList({ csv: "domain\nok.test\nnot a domain\n\n10.0.0.1\nuser@shop.test" });
    expect(domains).toEqual(["ok.test"]);
    expect(invalid.map((line) => [line.line, line.input])).toEqual([
      [3, "not a domain"],
      [5, "10.0.0.1"],
      [6, "user@shop.test"],
    ]);
  });
});

describe("a JSON list", () => {
  it("numbers lines by position and reads a header word as a domain that is not one", () => {
    const { invalid } = parseDomainList({ domains: ["domain", "ok.test"] });
    expect(invalid.map((line) => line.line)).toEqual([1]);
  });

  it("says when the stores are more than a batch takes, and refuses a list longer than its line cap", () => {
    const many = Array.from({ length: MAX_BATCH_DOMAINS + 1 }, (_, i) => `shop-${i}.test`);
    expect(parseDomainList({ domains: many }).overLimit).toBe(true);
    expect(parseDomainList({ domains: many.slice(1) }).overLimit).toBe(false);
    const long = Array.from({ length: MAX_BATCH_LINES + 1 }, () => "same.test");
    expect(parseDomainList({ domains: long }).invalid).toEqual([
      { line: MAX_BATCH_LINES + 1, input: "", error: `a list may have at most ${MAX_BATCH_LINES} lines` },
    ]);
  });
});
