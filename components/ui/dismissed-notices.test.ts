import { describe, expect, it } from "vitest";
import { dismissNoticeCookie, dismissedNoticeCookie, isNoticeDismissed } from "./dismissed-notices";

// A dismissed notice stays dismissed for the browser session: the cookie the button writes is the one the server reads.

describe("dismissed notices", () => {
  it("writes a session cookie (no Max-Age, no Expires) the server reads back", () => {
    const written = dismissNoticeCookie("verify-email", true);
    expect(written).toBe("notice_dismissed_verify-email=1; Path=/; SameSite=Lax; Secure");
    expect(written).not.toMatch(/max-age|expires/i);
    const [pair] = written.split("; ");
    const [name, value] = pair!.split("=");
    const jar = new Map([[name!, { value: value! }]]);
    expect(isNoticeDismissed(jar, "verify-email")).toBe(true);
    expect(isNoticeDismissed(jar, "other")).toBe(false);
    expect(isNoticeDismissed(new Map(), "verify-email")).toBe(false);
  });

  it("keeps a notice's name inside a cookie name's characters", () => {
    expect(dismissedNoticeCookie("a b;c=d")).toBe("notice_dismissed_a_b_c_d");
  });
});
