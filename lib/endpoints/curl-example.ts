/**
 * A curl command per operation of the OpenAPI document, built from the operation itself (its
 * path, parameters, request body schema and security), so the examples on /docs cannot drift
 * from what the API accepts.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export type DocumentOperation = {
  security: Record<string, unknown>[];
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

/** `<id>`, `<shopify-id>`: a value the reader fills in, named after the field. */
const placeholder = (name: string) =>
  `<${name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase()}>`;

const FORMAT_EXAMPLES: Record<string, string> = {
  uri: "https://example.com/storelens-webhook",
  email: "you@example.com",
  uuid: "00000000-0000-4000-8000-000000000000",
};

/** A value the schema accepts: its example, default or first choice, else one made from its type. */
export function exampleValue(schema: JsonSchema, name: string): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return exampleValue(choice, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((key) => [key, exampleValue(schema.properties?.[key] ?? {}, key)]));
    case "array":
      return [exampleValue(schema.items ?? {}, name)];
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    default:
      return (schema.format && FORMAT_EXAMPLES[schema.format]) ?? placeholder(name);
  }
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The curl command for one operation against `baseUrl`. Path parameters become placeholders; the
 * query carries the required parameters (or, when none is required, the first one without a
 * default, to show where they go); the body holds the required fields.
 */
export function curlExample(method: string, path: string, op: DocumentOperation, baseUrl: string, cookieName: string): string {
  const url = new URL(baseUrl);
  url.pathname = path.replace(/\{(\w+)\}/g, (_, name: string) => placeholder(name));
  const query = op.parameters.filter((p) => p.in === "query");
  const shown = query.some((p) => p.required)
    ? query.filter((p) => p.required)
    : query.filter((p) => p.schema.default === undefined).slice(0, 1);
  for (const parameter of shown) url.searchParams.set(parameter.name, String(exampleValue(parameter.schema, parameter.name)));
  // URL encodes the brackets of placeholders; a reader replaces them, so they stay readable.
  const shownUrl = url.toString().replace(/%3C/gi, "<").replace(/%3E/gi, ">");

  const body = op.requestBody?.content["application/json"]?.schema;
  // curl sends a body with POST by itself.
  const implied = method === "GET" || (method === "POST" && body !== undefined);
  const lines = [`curl -sS${implied ? "" : ` -X ${method}`} ${quote(shownUrl)}`];
  const anonymous = op.security.some((entry) => Object.keys(entry).length === 0);
  const schemes = op.security.flatMap((entry) => Object.keys(entry));
  if (!anonymous && schemes.includes("apiKey")) lines.push(`-H "X-API-Key: $STORELENS_API_KEY"`);
  else if (!anonymous && schemes.includes("session")) lines.push(`-b "${cookieName}=$STORELENS_SESSION"`);
  const streams = Object.values(op.responses).some((answer) => Object.keys(answer.content ?? {}).join() === "text/event-stream");
  if (streams) lines.push("-N");
  if (body) lines.push(`-H 'Content-Type: application/json'`, `-d ${quote(JSON.stringify(exampleValue(body, "body")))}`);

  return lines.join(" \\\n  ");
}
