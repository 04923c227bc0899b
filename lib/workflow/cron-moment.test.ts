// A cron run works on the moment of its tick, however late it runs; a run an event asked for
// works on the time of record.
import { afterEach, describe, expect, it } from "vitest";
import { installTimeSource } from "@/lib/time-of-record";
import { cronMoment } from "./cron-moment";

afterEach(() => installTimeSource(null));

describe("cronMoment", () => {
  it("is the tick the embedded executor scheduled, not when the run started", () => {
    installTimeSource(() => new Date("2026-03-02T09:00:00Z"));
    const tick = {
      name: "inngest/scheduled.timer",
      data: { cron: "0 6 * * 1", scheduledAt: "2026-03-02T06:00:00Z" },
      ts: Date.parse("2026-03-02T08:59:00Z"),
    };
    expect(cronMoment(tick).toISOString()).toBe("2026-03-02T06:00:00.000Z");
  });

  it("is the timestamp of Inngest's own timer event", () => {
    const tick = { name: "inngest/scheduled.timer", data: { cron: "15 3 * * *" }, ts: Date.parse("2026-03-02T03:15:00Z") };
    expect(cronMoment(tick).toISOString()).toBe("2026-03-02T03:15:00.000Z");
  });

  it("is the time of record for a run requested by an event", () => {
    installTimeSource(() => new Date("2026-05-01T12:00:00Z"));
    const requested = { name: "tracking/monitor.requested", data: {}, ts: Date.parse("2030-01-01T00:00:00Z") };
    expect(cronMoment(requested).toISOString()).toBe("2026-05-01T12:00:00.000Z");
  });
});
