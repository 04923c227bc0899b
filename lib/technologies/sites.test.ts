import { describe, expect, it } from "vitest";
import { siteOfUrl } from "./sites";

describe("siteOfUrl", () => {
  it("reads a vendor's registrable domain and its name from any of its hosts", () => {
    expect(siteOfUrl("https://contactform.hulkapps.com/skeletopapp.js?shop=x")).toEqual({
      host: "contactform.hulkapps.com",
      site: "hulkapps.com",
      name: "hulkapps",
      shared: false,
    });
    expect(siteOfUrl("//CDN1.Judge.me/assets/installed.js")).toMatchObject({ site: "judge.me", name: "judge" });
    expect(siteOfUrl("https://bundle.dyn-rev.app/loader.js")).toMatchObject({ site: "dyn-rev.app", name: "dyn-rev" });
  });

  it("keeps a country's second level in the domain (co.uk, com.br, co.in)", () => {
    expect(siteOfUrl("https://app.zedy.com.br/api")).toMatchObject({ site: "zedy.com.br", name: "zedy" });
    expect(siteOfUrl("https://sr-cdn.shiprocket.in/x.js")).toMatchObject({ site: "shiprocket.in", name: "shiprocket" });
    expect(siteOfUrl("https://www.debonairtea.co.uk/")).toMatchObject({ site: "debonairtea.co.uk", name: "debonairtea" });
  });

  it("names the tenant of a shared host, never the provider", () => {
    expect(siteOfUrl("https://gdprcdn.b-cdn.net/js/gdpr.js")).toEqual({
      host: "gdprcdn.b-cdn.net",
      site: "gdprcdn.b-cdn.net",
      name: "gdprcdn",
      shared: true,
    });
    expect(siteOfUrl("https://cstt-app.herokuapp.com/get_script/1.js")).toMatchObject({ name: "cstt-app", shared: true });
    expect(siteOfUrl("https://meggnotec.ams3.digitaloceanspaces.com/w.js")).toMatchObject({
      site: "meggnotec.digitaloceanspaces.com",
      name: "meggnotec",
    });
    expect(siteOfUrl("https://d18eg7dreypte5.cloudfront.net/a.js")).toMatchObject({ name: "d18eg7dreypte5", shared: true });
    expect(siteOfUrl("https://cloudfront.net/a.js")).toBeNull();
  });

  it("names a storage bucket, virtual-hosted or in the path, and reads a bucket named like a host as that host", () => {
    expect(siteOfUrl("https://navidium-static-assets.s3.amazonaws.com/x.js")).toEqual({
      host: "navidium-static-assets.s3.amazonaws.com",
      site: "navidium-static-assets.s3.amazonaws.com",
      name: "navidium-static-assets",
      shared: true,
    });
    expect(siteOfUrl("https://s3.amazonaws.com/cart-notifications/scripts/a.js")).toMatchObject({
      site: "cart-notifications.s3.amazonaws.com",
      name: "cart-notifications",
    });
    expect(siteOfUrl("https://s3.ap-south-1.amazonaws.com/cdn.limechat.ai/packs/js/a.js")).toEqual({
      host: "cdn.limechat.ai",
      site: "limechat.ai",
      name: "limechat",
      shared: false,
    });
    expect(siteOfUrl("https://storage.googleapis.com/gsf-scripts/a.js")).toMatchObject({ name: "gsf-scripts", shared: true });
    expect(siteOfUrl("https://s3.amazonaws.com/")).toBeNull();
    expect(siteOfUrl("https://s3.amazonaws.com/<script>/a.js")).toBeNull();
  });

  it("reads nothing from a relative or malformed URL", () => {
    expect(siteOfUrl("/apps/foo/a.js")).toBeNull();
    expect(siteOfUrl("javascript:void(0)")).toBeNull();
    expect(siteOfUrl("https://localhost/a.js")).toBeNull();
  });
});
