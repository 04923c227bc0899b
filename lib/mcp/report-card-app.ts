import type { McpServer, Resource } from "@modelcontextprotocol/server";
import { getEnv } from "@/lib/env";

// The MCP Apps extension (SEP-1865, @modelcontextprotocol/ext-apps): a tool names an HTML
// resource in `_meta.ui.resourceUri`; a host that speaks the extension renders it in a sandboxed
// iframe and hands it the tool's result over postMessage (JSON-RPC: the view asks ui/initialize,
// says ui/notifications/initialized, then hears ui/notifications/tool-input and …/tool-result).
// A host without the extension ignores the key and shows the typed result as before. The
// constants are the SDK's (report-card-app.test.ts holds them to it); the SDK itself is not a
// dependency of ours, and the view needs none of it.

export const REPORT_CARD_URI = "ui://storelens/report-card";
/** ext-apps RESOURCE_MIME_TYPE. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
/** ext-apps RESOURCE_URI_META_KEY: the key hosts read before `_meta.ui.resourceUri` existed. */
export const LEGACY_RESOURCE_URI_META_KEY = "ui/resourceUri";
/** The protocol revision of the extension the view speaks (ext-apps LATEST_PROTOCOL_VERSION). */
export const MCP_APP_PROTOCOL_VERSION = "2026-01-26";

/** The `_meta` of a tool whose result the report card renders (get_report). */
export const REPORT_CARD_TOOL_META = { ui: { resourceUri: REPORT_CARD_URI }, [LEGACY_RESOURCE_URI_META_KEY]: REPORT_CARD_URI };

/**
 * The card's only network use is the report's screenshot, served by us (GET
 * /api/reports/:id/screenshots/:size): the host's CSP allows images from our origin, nothing else.
 */
const resourceMeta = () => ({ ui: { csp: { resourceDomains: [new URL(getEnv().BASE_URL).origin] }, prefersBorder: true } });

export const reportCardResource = (): Resource => ({
  uri: REPORT_CARD_URI,
  name: "report-card",
  title: "Report card",
  description: "An MCP App (ui://) that renders get_report's result as a card: store, screenshot, apps, tags, figures, changes",
  mimeType: MCP_APP_MIME_TYPE,
  _meta: resourceMeta(),
});

/** Registers the card's HTML as a resource (resources/read); store-resources.ts lists it. */
export function registerReportCardApp(server: McpServer): void {
  server.registerResource("report-card", REPORT_CARD_URI, { title: "Report card", mimeType: MCP_APP_MIME_TYPE }, (uri) => ({
    contents: [{ uri: uri.toString(), mimeType: MCP_APP_MIME_TYPE, text: REPORT_CARD_HTML, _meta: resourceMeta() }],
  }));
}

// Self-contained: inline CSS and JS, no URL of its own. Store text (names, app names, tags) is
// hostile input, so it only ever reaches the page as textContent; the screenshot as an img src
// only when it is an http(s) URL. Wraps everything so a 390 px view never scrolls sideways.
export const REPORT_CARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>StoreLens report</title>
<style>
:root{color-scheme:light dark;--fg:#111;--muted:#666;--bg:#fff;--chip:#eef1f5}
.dark{--fg:#eee;--muted:#aaa;--bg:#17181a;--chip:#2a2d31}
*{box-sizing:border-box}
body{margin:0;padding:12px;font:14px/1.4 system-ui,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
h1{font-size:18px;margin:0}
.sub,.empty{color:var(--muted);font-size:12px;margin:2px 0 8px}
img{display:block;max-width:100%;height:auto;border-radius:6px;margin:8px 0}
h2{font-size:13px;margin:12px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
li{background:var(--chip);border-radius:10px;padding:2px 8px;font-size:12px;max-width:100%}
dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(90px,1fr));gap:6px;margin:0}
dt{color:var(--muted);font-size:11px}dd{margin:0;font-weight:600}
.error{color:#b00020}
</style></head>
<body><main id="card"><p class="empty">Waiting for a report…</p></main>
<script>
(function () {
  var host = window.parent, nextId = 1, pending = {};
  var card = document.getElementById("card");
  function send(message) { message.jsonrpc = "2.0"; host.postMessage(message, "*"); }
  function request(method, params) {
    var id = nextId++;
    send({ id: id, method: method, params: params });
    return new Promise(function (resolve) { pending[id] = resolve; });
  }
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text != null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function value(field) { return field && typeof field === "object" && "value" in field ? field.value : field; }
  function list(title, items) {
    card.appendChild(el("h2", title));
    if (!items.length) return card.appendChild(el("p", "None found", "empty"));
    var ul = el("ul");
    items.slice(0, 40).forEach(function (item) { ul.appendChild(el("li", item)); });
    card.appendChild(ul);
  }
  function httpUrl(text) {
    try { var p = new URL(text).protocol; return p === "https:" || p === "http:"; } catch (e) { return false; }
  }
  function payload(result) {
    if (result && result.structuredContent) return result.structuredContent;
    var text = result && result.content && result.content[0] && result.content[0].text;
    try { return JSON.parse(text); } catch (e) { return null; }
  }
  function render(result) {
    var report = payload(result);
    card.textContent = "";
    if (!report || result.isError) {
      card.appendChild(el("p", (report && report.error) || "The report could not be read.", "error"));
      return resized();
    }
    var store = report.store || {}, summary = report.summary || {}, meta = report.metadata || {};
    card.appendChild(el("h1", store.name || value(meta.name) || store.domain || "Store"));
    card.appendChild(el("p", [store.domain, store.country, store.theme].filter(Boolean).join(" · "), "sub"));
    var shots = (value(meta.render) || {}).screenshots || {};
    var shot = shots.phone || shots.desktop;
    if (shot && httpUrl(shot)) {
      var img = el("img"); img.alt = "Home page screenshot"; img.src = shot; img.onload = resized; card.appendChild(img);
    }
    var figures = el("dl"), currency = store.currency ? " " + store.currency : "";
    [["Products", summary.product_count], ["Collections", summary.collection_count],
     ["Prices", summary.price_min != null ? summary.price_min + "–" + summary.price_max + currency : null],
     ["Changes", summary.changes]].forEach(function (pair) {
      if (pair[1] == null) return;
      var box = el("div"); box.appendChild(el("dt", pair[0])); box.appendChild(el("dd", pair[1])); figures.appendChild(box);
    });
    card.appendChild(el("h2", "Key figures")); card.appendChild(figures);
    list("Apps", (value(meta.apps) || []).map(function (app) { return app.name; }));
    var marketing = value(meta.marketing) || {};
    list("Tags", (marketing.tags || []).map(function (tag) { return tag.id ? tag.name + " " + tag.id : tag.name; }));
    card.appendChild(el("h2", "Changes"));
    card.appendChild(el("p", summary.changes ? summary.changes + " changes since the previous analysis" : "No change since the previous analysis", "sub"));
    resized();
  }
  function resized() {
    send({ method: "ui/notifications/size-changed", params: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight } });
  }
  window.addEventListener("message", function (event) {
    var m = event.data;
    if (event.source !== host || !m || m.jsonrpc !== "2.0") return;
    if (m.method === undefined) {
      if (pending[m.id]) { pending[m.id](m.result); delete pending[m.id]; }
    } else if (m.method === "ui/notifications/tool-result") render(m.params);
    else if (m.method === "ui/notifications/host-context-changed") theme(m.params);
    else if (m.id !== undefined) {
      if (m.method === "ping" || m.method === "ui/resource-teardown") send({ id: m.id, result: {} });
      else send({ id: m.id, error: { code: -32601, message: "Method not found" } });
    }
  });
  function theme(context) { document.documentElement.classList.toggle("dark", !!context && context.theme === "dark"); }
  request("ui/initialize", {
    appInfo: { name: "storelens-report-card", version: "1.0.0" },
    appCapabilities: {},
    protocolVersion: "${MCP_APP_PROTOCOL_VERSION}",
  }).then(function (result) {
    theme(result && result.hostContext);
    send({ method: "ui/notifications/initialized", params: {} });
  });
})();
</script></body></html>
`;
