#!/usr/bin/env node
// `npm run check:writers`: one writer per table. A table declared in db/schema/<file>.ts is
// inserted into, updated and deleted from only by the files of its owning domain, lib/<owner>/;
// every other file calls a function of that domain. Drizzle writes (`.insert(t)`, `.update(t)`,
// `.delete(t)` on a table imported from db/schema) and raw SQL writes (`insert into <table>`,
// `update <table>`, `delete from <table>` in a `sql` template or `sql.raw`) both count.
// db/ itself (migrations, seeds) and test code (testing/, e2e/, bench/, *.test.ts) are exempt.
// Exits 1 and names every write made outside its owner.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The owner of every table of a schema file: lib/<owner>/. */
export const SCHEMA_OWNERS = {
  apps: "apps",
  auth: "auth",
  billing: "billing",
  content: "blog",
  jobs: "jobs",
  limits: "limits",
  notifications: "notifications",
  reports: "reports",
  stores: "store-directory",
  tracking: "tracking",
  workflow: "workflow",
};

/**
 * Tables whose owner is not the domain their schema file is named after. An owner sits below
 * every domain that writes through it (no import cycles between domains), which decides the
 * less obvious ones: lib/notifications reads jobs, so the notification records a job creates
 * and closes belong to lib/jobs, and lib/notifications records its deliveries through it.
 */
export const TABLE_OWNERS = {
  apiKeys: "api-keys",
  chatUsage: "chat",
  chatRequests: "chat",
  mailOutbox: "mail",
  webhookCallbacks: "jobs",
  emailNotifications: "jobs",
  pagespeedAudits: "pagespeed",
  reportPublications: "publishing",
  inventoryLevels: "inventory",
  inventoryEvents: "inventory",
  productSaleSignals: "inventory",
  storeDailyChanges: "shop-analytics",
  storeDailyCatalog: "shop-analytics",
};

const ROOTS = ["app", "components", "workflows", "lib", "server", "server.ts", "scripts"];
const SOURCE = /\.(ts|tsx|mts)$/;
const EXEMPT = /(^|\/)(testing|e2e|bench|db)\/|\.test\.tsx?$|\.d\.ts$/;
const WRITE_METHODS = new Set(["insert", "update", "delete"]);
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

function walk(entry) {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return [entry];

  return readdirSync(entry).flatMap((name) => (name === "node_modules" ? [] : walk(path.join(entry, name))));
}

/** Every table of db/schema: its export name, SQL name, schema file and owner. */
export function readTables(root) {
  const dir = path.join(root, "db/schema");
  const tables = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".ts") || name === "index.ts" || name.endsWith(".test.ts")) continue;
    const file = name.slice(0, -3);
    const source = ts.createSourceFile(name, readFileSync(path.join(dir, name), "utf8"), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (!ts.isIdentifier(decl.name) || !init || !ts.isCallExpression(init)) continue;
        if (!ts.isIdentifier(init.expression) || init.expression.text !== "pgTable") continue;
        const [sqlName] = init.arguments;
        if (!sqlName || !ts.isStringLiteralLike(sqlName)) continue;
        const exportName = decl.name.text;
        const owner = TABLE_OWNERS[exportName] ?? SCHEMA_OWNERS[file];
        if (!owner) throw new Error(`db/schema/${name}: no owner for ${exportName}; add it to SCHEMA_OWNERS or TABLE_OWNERS`);
        tables.push({ exportName, sqlName: sqlName.text, file, owner });
      }
    }
  }

  return tables;
}

/** The db/schema file (or "*" for the barrel, "db" for @/db) an import specifier names, if any. */
function schemaModule(fromFile, spec) {
  let target;
  if (spec.startsWith("@/")) target = spec.slice(2);
  else if (spec.startsWith(".")) target = path.posix.join(path.posix.dirname(fromFile), spec);
  else return null;
  target = target.replace(/\.ts$/, "").replace(/\/index$/, "");
  if (target === "db") return "db";
  if (target === "db/schema") return "*";
  const match = /^db\/schema\/([^/]+)$/.exec(target);

  return match ? match[1] : null;
}

/** The writes `file` (a path relative to the root, with `/`) makes outside their tables' owners. */
export function checkSource(file, text, tables) {
  const byExport = new Map(tables.map((t) => [t.exportName, t]));
  const bySql = new Map(tables.map((t) => [t.sqlName, t]));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const domain = /^lib\/([^/]+)\//.exec(file)?.[1];
  const locals = new Map(); // local name → table
  const namespaces = new Set(); // local names of the whole schema

  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = schemaModule(file, statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!target || !bindings) continue;
    if (ts.isNamespaceImport(bindings)) {
      if (target !== "db") namespaces.add(bindings.name.text);
      continue;
    }
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (target === "db") {
        if (imported === "schema") namespaces.add(element.name.text);
        continue;
      }
      const table = byExport.get(imported);
      if (table && (target === "*" || target === table.file)) locals.set(element.name.text, table);
    }
  }

  const tableOf = (node) => {
    if (!node) return null;
    if (ts.isIdentifier(node)) return locals.get(node.text) ?? null;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      return byExport.get(node.name.text) ?? null;
    }

    return null;
  };

  const violations = [];
  const report = (node, table, how) => {
    if (table.owner === domain) return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    violations.push({
      file,
      line: line + 1,
      column: character + 1,
      table: table.sqlName,
      owner: table.owner,
      message: `${how} ${table.sqlName} (${table.exportName}), owned by lib/${table.owner}/: call a function of lib/${table.owner}/ instead`,
    });
  };
  const scanSql = (node, text) => {
    for (const match of text.matchAll(RAW_WRITE)) {
      const table = bySql.get(match[2].toLowerCase());
      if (table) report(node, table, `raw SQL "${match[1].toLowerCase()}"`);
    }
  };

  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_METHODS.has(node.expression.name.text)) {
      const table = tableOf(node.arguments[0]);
      if (table) report(node, table, `.${node.expression.name.text}()`);
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql") {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) scanSql(node, template.text);
      else {
        // A table interpolated as `${jobs}` is its SQL name; any other value is a placeholder.
        let text = template.head.text;
        for (const span of template.templateSpans) {
          text += ` ${tableOf(span.expression)?.sqlName ?? "$"} ${span.literal.text}`;
        }
        scanSql(node, text);
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "sql" &&
      node.expression.name.text === "raw" &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      scanSql(node, node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  return violations;
}

/** Every write outside its owner in the source files under `root`. */
export function checkTree(root) {
  const tables = readTables(root);
  const files = ROOTS.flatMap((entry) => walk(path.join(root, entry)))
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .filter((file) => SOURCE.test(file) && !EXEMPT.test(file));

  return files.flatMap((file) => checkSource(file, readFileSync(path.join(root, file), "utf8"), tables));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rootFlag = process.argv.indexOf("--root");
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]) : process.cwd();
  const violations = checkTree(root);
  for (const v of violations) console.error(`${v.file}:${v.line}:${v.column}  ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} write(s) outside the owning domain (README › Architecture, CONTRIBUTING.md).`);
    process.exit(1);
  }
  console.log("check-table-writers: every table is written by its owning domain only.");
}
