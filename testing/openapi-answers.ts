import Ajv2020 from "ajv/dist/2020";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";

type Response = { content?: Record<string, { schema?: Record<string, unknown> }> };

let doc: ReturnType<typeof buildOpenApiDocument> | undefined;
// Formats are notes for readers here (uri, email); the shape is what a client relies on.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/**
 * Why `body` is not what the OpenAPI document says `METHOD path` answers with `status`
 * (`path` as the document writes it: `/api/reports/{id}`); empty when it is. Checked with the
 * document's own JSON Schema, so a field an answer has and the document lacks fails too.
 */
export function documentedAnswerErrors(
  method: string,
  path: string,
  status: number,
  body: unknown,
  mediaType = "application/json",
): string[] {
  doc ??= buildOpenApiDocument();
  const operation = (doc.paths[path] as Record<string, { responses: Record<string, Response> }> | undefined)?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not documented`];
  const schema = operation.responses[String(status)]?.content?.[mediaType]?.schema;
  if (!schema) return [`${method} ${path} documents no ${mediaType} answer with status ${status}`];
  const validate = ajv.compile({ ...schema, components: doc.components });
  if (validate(body)) return [];

  return (validate.errors ?? []).map(
    (e) => `${method} ${path} ${status}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

/**
 * Why `body` is not the document's named shape `name` (components.schemas), for answers no
 * operation lists: the custom server's 405 on a method a route does not serve.
 */
export function documentedComponentErrors(name: string, body: unknown): string[] {
  doc ??= buildOpenApiDocument();
  if (!(name in doc.components.schemas)) return [`components.schemas has no ${name}`];
  const validate = ajv.compile({ $ref: `#/components/schemas/${name}`, components: doc.components });
  if (validate(body)) return [];

  return (validate.errors ?? []).map((e) => `${name}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
}
