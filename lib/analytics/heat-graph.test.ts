import { describe, expect, it } from "vitest";
import { compactFrom, firstDayWithData, heatGraphDays } from "./heat-graph";

const cellsOf = (withData: string[]) =>
  heatGraphDays(new Date("2026-11-29T12:00:00Z")).map((day) => ({ day, snapshots: withData.includes(day) ? 1 : 0, total: 0 }));

describe("heat graph span", () => {
  it("is compact (the last 28 days) from the first snapshot until data older than those 28 days exists", () => {
    expect(compactFrom(cellsOf([]))).toBe("2026-11-02");
    // Day one: one snapshot today.
    expect(compactFrom(cellsOf(["2026-11-29"]))).toBe("2026-11-02");
    expect(firstDayWithData(cellsOf(["2026-11-29"]))).toBe("2026-11-29");
    // Data on the compact graph's first day still fits it; a day before does not.
    expect(compactFrom(cellsOf(["2026-11-02", "2026-11-29"]))).toBe("2026-11-02");
    expect(compactFrom(cellsOf(["2026-11-01", "2026-11-29"]))).toBeNull();
  });
});
