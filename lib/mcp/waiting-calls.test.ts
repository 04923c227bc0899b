/**
 * The waiting calls a 2025-11-25 client's notifications/cancelled ends: only the caller's own
 * call of that id, never another caller's, none of a caller known only by its address, and
 * nothing for a message that is not a cancellation.
 */
import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { cancelNotifiedCall, WaitingCalls, waitingCalls } from "./waiting-calls";

const user = { id: "u1" } as Extract<Principal, { kind: "api_key" }>["user"];
const keyHolder: Principal = { kind: "api_key", ip: "198.51.100.7", user, apiKeyId: "k1" };
const otherKey: Principal = { kind: "api_key", ip: "198.51.100.7", user, apiKeyId: "k2" };
const anonymous: Principal = { kind: "anonymous", ip: "198.51.100.7" };
const neighbour: Principal = { kind: "anonymous", ip: "198.51.100.7" };
const payer: Principal = { kind: "x402", ip: "198.51.100.7", payment: { version: 1, header: "paid" } };

const cancelled = (requestId: unknown) => JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } });

describe("WaitingCalls", () => {
  it("a cancellation ends the caller's call of that id only", () => {
    const calls = new WaitingCalls();
    const mine = calls.register(keyHolder, 3);
    const otherId = calls.register(keyHolder, 4);
    const theirs = calls.register(otherKey, 3);
    const sameIdAsText = calls.register(keyHolder, "3");

    calls.cancel(keyHolder, 3);
    calls.cancel(anonymous, 3);

    expect(mine.signal.aborted).toBe(true);
    expect([otherId, theirs, sameIdAsText].map((call) => call.signal.aborted)).toEqual([false, false, false]);
    for (const call of [mine, otherId, theirs, sameIdAsText]) call.done();
    expect(calls.size()).toBe(0);
  });

  it("a caller with neither key nor account is never cancelled by a notification: a neighbour at the same address cannot end its wait", () => {
    const calls = new WaitingCalls();
    const mine = calls.register(anonymous, 1);
    const paid = calls.register(payer, 2);

    for (const id of [1, 2]) {
      for (const who of [neighbour, payer, anonymous]) calls.cancel(who, id);
    }
    cancelNotifiedCall(cancelled(1), neighbour);

    expect([mine.signal.aborted, paid.signal.aborted]).toEqual([false, false]);
    // Not held either: nothing to forget.
    expect(calls.size()).toBe(0);
    mine.done();
    paid.done();
  });

  it("hears a notifications/cancelled message, and ignores anything else", () => {
    const call = waitingCalls().register(keyHolder, 9);

    for (const body of ["{", cancelled({ id: 9 }), JSON.stringify({ method: "tools/call", params: { requestId: 9 } })]) {
      cancelNotifiedCall(body, keyHolder);
    }
    cancelNotifiedCall(cancelled(9), otherKey);
    expect(call.signal.aborted).toBe(false);
    cancelNotifiedCall(cancelled(9), keyHolder);
    expect(call.signal.aborted).toBe(true);
    call.done();
    expect(waitingCalls().size()).toBe(0);
  });
});
