// A response before it is written: routes stay pure functions, the server applies latency,
// counting and the socket write in one place.

export interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";

export function json(value: unknown, status = 200): Reply {
  return { status, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(value) };
}

export function html(body: string, status = 200): Reply {
  return { status, headers: { "content-type": HTML_TYPE }, body };
}

export function redirect(location: string, status = 302): Reply {
  return {
    status,
    headers: { location, "content-type": HTML_TYPE },
    body: `<html><body>You are being <a href="${location}">redirected</a>.</body></html>`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
