import { readFileSync } from "node:fs";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { loadHtml } from "@/lib/storefront-html/load-html";
const html = readFileSync(`testing/fixtures/real-storefronts/${process.argv[2]}.html`, "utf8");
const r = reportStorefrontApps(loadHtml(html));
for (const a of r.apps) if (!process.argv[3] || a.slug.includes(process.argv[3])) console.log(a.slug, "|", a.evidence.slice(0, 140), "|", a.source, a.confidence);
for (const u of r.unidentified) if (!process.argv[3] || String(u.proxy_path ?? u.script_host).includes(process.argv[3])) console.log("U", u.handle ?? u.proxy_path ?? u.script_host ?? u.api_client_id, "|", u.evidence.slice(0, 140), u.confidence);
