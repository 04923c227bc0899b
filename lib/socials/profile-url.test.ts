import { describe, expect, it } from "vitest";
import { absoluteLink, profileKey, readProfileUrl } from "./profile-url";

describe("readProfileUrl", () => {
  it("reads a profile of each network, with the account as handle", () => {
    expect(readProfileUrl("https://www.instagram.com/acme/")).toMatchObject({
      network: "instagram",
      handle: "acme",
      key: "instagram.com/acme",
    });
    expect(readProfileUrl("https://m.facebook.com/acme")).toMatchObject({ network: "facebook", key: "facebook.com/acme" });
    expect(readProfileUrl("https://www.tiktok.com/@acme")).toMatchObject({ network: "tiktok", handle: "@acme" });
    expect(readProfileUrl("https://www.youtube.com/channel/UC123")).toMatchObject({
      network: "youtube",
      handle: "UC123",
      key: "youtube.com/channel/UC123",
    });
    expect(readProfileUrl("https://www.youtube.com/@acme")).toMatchObject({ network: "youtube", handle: "@acme" });
    expect(readProfileUrl("https://pinterest.co.uk/acme")).toMatchObject({ network: "pinterest", key: "pinterest.com/acme" });
    expect(readProfileUrl("https://www.linkedin.com/company/acme/")).toMatchObject({ network: "linkedin", handle: "acme" });
    expect(readProfileUrl("https://www.threads.net/@acme")).toMatchObject({ network: "threads", handle: "@acme" });
  });

  it("gives twitter.com and x.com links to one account the same key", () => {
    expect(profileKey("https://twitter.com/acme")).toBe("x.com/acme");
    expect(profileKey("https://x.com/acme/")).toBe("x.com/acme");
  });

  it("drops tracking queries and fragments from the key but keeps the address as linked", () => {
    const profile = readProfileUrl("https://www.instagram.com/acme/?hl=en&igshid=abc#top");
    expect(profile?.key).toBe("instagram.com/acme");
    expect(profile?.url).toBe("https://www.instagram.com/acme/?hl=en&igshid=abc#top");
  });

  it("keeps the id of a facebook profile.php address, which names the account", () => {
    expect(profileKey("https://www.facebook.com/profile.php?id=6157#")).toBe("facebook.com/profile.php?id=6157");
    expect(readProfileUrl("https://www.facebook.com/profile.php")).toBeNull();
  });

  it.each([
    "https://www.facebook.com/sharer/sharer.php?u=https://acme.com",
    "//www.facebook.com/sharer.php?u=",
    "https://twitter.com/intent/tweet?text=hi",
    "//twitter.com/share?text=&url=",
    "https://pinterest.com/pin/create/button/?url=x",
    "https://plus.google.com/share?url=x",
    "https://www.linkedin.com/shareArticle?mini=true&url=x",
    "https://api.whatsapp.com/send?text=x",
  ])("refuses the share button %s", (href) => {
    expect(readProfileUrl(href)).toBeNull();
  });

  it.each(["https://twitter.com/", "https://www.youtube.com", "#", "", "/pages/contact", "javascript:void(0)"])(
    "refuses the placeholder or non-link %j",
    (href) => {
      expect(readProfileUrl(href)).toBeNull();
    },
  );

  it.each([
    "https://www.youtube.com/watch?v=abc",
    "https://youtu.be/abc",
    "https://www.youtube.com/embed/abc",
    "https://www.instagram.com/p/Cxyz/",
    "https://www.instagram.com/reel/Cxyz/",
    "https://www.tiktok.com/@acme/video/123",
    "https://twitter.com/acme/status/123",
    "https://linktr.ee/acme",
    "https://discord.gg/acme",
    "https://discord.com/invite/abc",
    "https://www.facebook.com/shopify",
    "https://www.instagram.com/shopify/",
    "https://www.shopify.com/?utm_campaign=poweredby",
  ])("refuses %s (a video, post, link hub, Discord or the platform's own account)", (href) => {
    expect(readProfileUrl(href)).toBeNull();
  });

  it("reads links rewritten by HTTrack-like savers", () => {
    expect(readProfileUrl("index.html//www.instagram.com/minksha/")).toMatchObject({
      key: "instagram.com/minksha",
      url: "https://www.instagram.com/minksha/",
    });
    expect(absoluteLink("../index.html//www.facebook.com/acme")).toBe("https://www.facebook.com/acme");
  });

  it("ends an address at a leaked attribute fragment", () => {
    expect(readProfileUrl('https://instagram.com/acme?igshid=Z=" target="')).toMatchObject({
      key: "instagram.com/acme",
      url: "https://instagram.com/acme?igshid=Z=",
    });
  });

  it("refuses a 1 MB address", () => {
    expect(readProfileUrl(`https://www.instagram.com/${"a".repeat(1_000_000)}`)).toBeNull();
  });
});
