/**
 * An example answer of an operation, made from the JSON Schema its OpenAPI document declares
 * (the zod schema the endpoint answers with, lib/endpoints/openapi.ts), so the example on /docs
 * has every field the answer has and cannot drift from it. Deterministic: the same schema gives
 * the same example.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type SchemaComponents = Record<string, JsonSchema>;

/** Values a reader recognizes for fields named so; any other string reads as its field's name. */
const NAMED: Record<string, string> = {
  domain: "example-store.myshopify.com",
  slug: "example-store",
  name: "Example Store",
  title: "Example Store",
  currency: "EUR",
  country: "PT",
  theme: "Dawn",
  error: "What went wrong, in a sentence",
  code: "invalid_request",
};

const FORMATS: Record<string, string> = {
  "date-time": "2026-11-29T12:00:00.000Z",
  date: "2026-11-29",
  uuid: "00000000-0000-4000-8000-000000000000",
  email: "you@example.com",
};

/** Deeper than this an example says "…": a recursive schema must end, and nobody reads level nine. */
const MAX_DEPTH = 8;

function resolve(schema: JsonSchema, components: SchemaComponents, seen: ReadonlySet<string>): [JsonSchema, ReadonlySet<string>] | null {
  if (!schema.$ref) return [schema, seen];
  const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
  // A schema that contains itself (a tree) is shown one level deep.
  if (seen.has(name)) return null;
  const target = components[name];

  return target ? [target, new Set([...seen, name])] : null;
}

function example(
  schema: JsonSchema,
  components: SchemaComponents,
  field: string,
  baseUrl: string,
  depth: number,
  seen: ReadonlySet<string>,
): unknown {
  if (depth > MAX_DEPTH) return "…";
  const resolved = resolve(schema, components, seen);
  if (!resolved) return null;
  const [s, inside] = resolved;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) {
    // A nullable field shows its value, not its null: the reader learns the shape.
    const choice = choices.find((c) => c.type !== "null") ?? choices[0]!;
    return example(choice, components, field, baseUrl, depth, inside);
  }
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((part) => example(part, components, field, baseUrl, depth, inside)));
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? s.type[0]) : s.type;
  switch (type ?? (s.properties ? "object" : undefined)) {
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, example(value, components, key, baseUrl, depth + 1, inside)]),
      );
    case "array":
      return s.items ? [example(s.items, components, field, baseUrl, depth + 1, inside)] : [];
    case "integer":
    case "number":
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return true;
    case "null":
      return null;
    case "string":
      if (s.format === "uri") return `${baseUrl}/…`;
      if (s.format && FORMATS[s.format]) return FORMATS[s.format];
      return NAMED[field] ?? field.replace(/_/g, " ");
    default:
      return {};
  }
}

/** The example of a schema, its `$ref`s resolved against the document's components. */
export function responseExample(schema: JsonSchema, components: SchemaComponents, baseUrl: string): unknown {
  return example(schema, components, "value", baseUrl.replace(/\/+$/, ""), 0, new Set());
}

/** The success answer an operation documents first (200, 201 or 202) with a JSON body, or null. */
export function successSchema(responses: Record<string, { content?: Record<string, { schema?: JsonSchema } | unknown> }>): {
  status: string;
  schema: JsonSchema;
} | null {
  for (const status of ["200", "201", "202"]) {
    const content = responses[status]?.content?.["application/json"] as { schema?: JsonSchema } | undefined;
    if (content?.schema) return { status, schema: content.schema };
  }

  return null;
}
