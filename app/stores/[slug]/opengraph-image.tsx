import { ImageResponse } from "next/og";
import { plural } from "@/components/ui/format";
import { orNotFound } from "@/lib/http/or-not-found";
import { loadOgFonts } from "@/lib/seo/og-fonts";
import { getStoreCard } from "@/lib/store-directory/get-store-card";

export const alt = "StoreLens analysis of a Shopify store";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const dynamic = "force-dynamic";

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const card = await orNotFound(getStoreCard((await params).slug));
  if (card.screenshot) return screenshotCard(card.screenshot, card.name, card.domain);

  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "#0f172a",
        color: "white",
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", fontSize: 32, color: "#a5b4fc", fontWeight: 700 }}>StoreLens · Shopify store analysis</div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: 76, fontWeight: 700, lineHeight: 1.1 }}>{card.name.slice(0, 60)}</div>
        <div style={{ display: "flex", fontSize: 34, color: "#cbd5e1", marginTop: 16 }}>{card.domain}</div>
      </div>
      <div style={{ display: "flex", gap: 48, fontSize: 36 }}>
        <div style={{ display: "flex" }}>{plural(card.productCount, "product")}</div>
        {card.theme ? <div style={{ display: "flex" }}>{card.theme} theme</div> : null}
      </div>
      <div style={{ display: "flex", fontSize: 30, color: "#c7d2fe" }}>
        {card.apps.length > 0 ? `Apps: ${card.apps.join(" · ")}` : "No cataloged apps detected"}
      </div>
    </div>,
    { ...size, fonts: await loadOgFonts() },
  );
}

/** The store's own home page (its latest report's screenshot), with its name along the bottom. */
async function screenshotCard(screenshot: string, name: string, domain: string) {
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", position: "relative", background: "#0f172a", fontFamily: "Inter" }}>
      {/* eslint-disable-next-line jsx-a11y/alt-text -- drawn into the PNG, not a page element */}
      <img src={screenshot} width={1200} height={750} style={{ position: "absolute", top: 0, left: 0, width: 1200, height: 750 }} />
      <div
        style={{
          position: "absolute",
          left: 0,
          right: 0,
          bottom: 0,
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          padding: "28px 48px",
          background: "rgba(15, 23, 42, 0.92)",
          color: "white",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "flex", fontSize: 48, fontWeight: 700 }}>{name.slice(0, 50)}</div>
          <div style={{ display: "flex", fontSize: 28, color: "#cbd5e1" }}>{domain}</div>
        </div>
        <div style={{ display: "flex", fontSize: 28, color: "#a5b4fc", fontWeight: 700 }}>StoreLens</div>
      </div>
    </div>,
    { ...size, fonts: await loadOgFonts() },
  );
}
