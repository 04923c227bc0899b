#!/usr/bin/env node
// `npm run check:writers`: one writer per table. A table declared in db/schema/<file>.ts is
// inserted into, updated and deleted from only by the files of its owning domain, lib/<owner>/;
// every other file calls a function of that domain. Drizzle writes (`.insert(t)`, `.update(t)`,
// `.delete(t)` on a table imported from db/schema, or on a `const` alias of one in the same file)
// and raw SQL writes (`insert into <table>`, `update <table>`, `delete from <table>`, the table
// optionally schema-qualified, in a template tagged with drizzle-orm's `sql` under any local name,
// or in `sql.raw` given a string or a template literal) both count, in .ts/.tsx/.js/.mjs alike.
// db/ itself (migrations, seeds) and test code (testing/, e2e/, bench/, *.test.*) are exempt.
// Exits 1 and names every write made outside its owner.
//
// The tables of READ_GUARDED are read only by their owner as well: any other use of one (a
// `.from(jobs)`, a join, a column `jobs.status`, `${jobs}` or `from jobs` in raw SQL) is refused,
// and the reader calls a function of the owner (lib/jobs: findJob, listCompletedJobs, …). A file
// that still reads one for a reason is named in READ_EXCEPTIONS with that reason.
//
// Limit: each file is read alone. A table or `sql` that reaches a file through a re-export of
// another of our modules (`export { jobs } from "@/db/schema"` in lib/x, imported from there), a
// function parameter or an object property is not recognized; `sql` by that name counts whatever
// it was imported from, for that reason.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * A table's owner is the domain its schema file is named after: every table of
 * db/schema/<domain>.ts is written by lib/<domain>/ alone. A table that another domain writes
 * moves to that domain's schema file; an owner sits below every domain that writes through it
 * (no import cycles between domains). Files that declare no table (job-status.ts) need no domain.
 */

const ROOTS = ["app", "components", "inngest", "lib", "server", "server.ts", "scripts"];
const SOURCE = /\.[cm]?[jt]sx?$/;
const EXEMPT = /(^|\/)(testing|e2e|bench|db)\/|\.test\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/;
const WRITE_METHODS = new Set(["insert", "update", "delete"]);
/** SQL names of the tables whose reads, too, stay in their owning domain. */
const READ_GUARDED = new Set(["jobs"]);
/** Files outside the owner that still read a guarded table, and why. */
const READ_EXCEPTIONS = new Map([
  // Reports are ordered, paged and filtered by their job's completion in one query.
  ["lib/reports/find-report.ts", "jobs"],
  ["lib/reports/list-store-reports.ts", "jobs"],
  ["lib/seo/sitemap.ts", "jobs"],
  // Publication is decided by the job's completion; lib/publishing is below lib/jobs (jobs →
  // store-directory → publishing), so it cannot call it.
  ["lib/publishing/answer-validity.ts", "jobs"],
  ["lib/publishing/report-publication.ts", "jobs"],
  // One analytical query over several domains' tables, in raw SQL: which old snapshots to
  // prune, and the sale-day figures over every measured store's completed intervals.
  ["lib/tracking/cleanup-snapshots.ts", "jobs"],
  ["lib/inventory/sale-day-calibration.ts", "jobs"],
  // Billing's quota, free retries and payments read their jobs directly still.
  ["lib/billing/admission/free-retry.ts", "jobs"],
  ["lib/billing/x402/payment-identifier.ts", "jobs"],
]);
const RAW_READ = /\b(from|join)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_$]*"?\s*\.\s*)?"?([a-z_][a-z0-9_$]*)"?/gi;
// `insert into jobs`, `update only "jobs"`, `delete from public.jobs`, `"public"."jobs"`: the
// schema, when named, is skipped and the table name captured.
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_$]*"?\s*\.\s*)?"?([a-z_][a-z0-9_$]*)"?/gi;

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
        const owner = file;
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
  target = target.replace(/\.[cm]?[jt]sx?$/, "").replace(/\/index$/, "");
  if (target === "db") return "db";
  if (target === "db/schema") return "*";
  const match = /^db\/schema\/([^/]+)$/.exec(target);

  return match ? match[1] : null;
}

function scriptKind(file) {
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;

  return file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** `(x as T)`, `x!`, `x satisfies T`: the expression underneath. */
function unwrap(node) {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    node = node.expression;
  }

  return node;
}

/** The writes `file` (a path relative to the root, with `/`) makes outside their tables' owners. */
export function checkSource(file, text, tables) {
  const byExport = new Map(tables.map((t) => [t.exportName, t]));
  const bySql = new Map(tables.map((t) => [t.sqlName, t]));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const domain = /^lib\/([^/]+)\//.exec(file)?.[1];
  const locals = new Map(); // local name → table
  const namespaces = new Set(); // local names of the whole schema
  const sqlNames = new Set(["sql"]); // local names of drizzle-orm's `sql`
  const drizzleNamespaces = new Set(); // `import * as orm from "drizzle-orm"`: `orm.sql`

  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const spec = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (spec === "drizzle-orm" || spec.startsWith("drizzle-orm/")) {
      if (ts.isNamespaceImport(bindings)) drizzleNamespaces.add(bindings.name.text);
      else
        for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === "sql") sqlNames.add(element.name.text);
      continue;
    }
    const target = schemaModule(file, spec);
    if (!target) continue;
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

  // `const t = jobs` (or `= schema.jobs`, `const { jobs: t } = schema`, `const q = sql`) makes
  // `t` the table within its block. A name is looked up in the innermost block that declares it
  // as a `const`, so the same alias name in two functions, or a `const jobs = rows` shadowing the
  // import, means what it means there; outside any such block it is the import.
  const consts = new Map(); // name → [{ scope, value: the initializer, or the table of a binding }]
  const collect = (node) => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      let scope = node.parent;
      while (
        !ts.isBlock(scope) &&
        !ts.isSourceFile(scope) &&
        !ts.isModuleBlock(scope) &&
        !ts.isCaseBlock(scope) &&
        !ts.isIterationStatement(scope, false)
      ) {
        scope = scope.parent;
      }
      for (const decl of node.declarations) {
        const init = decl.initializer && unwrap(decl.initializer);
        if (ts.isIdentifier(decl.name)) consts.set(decl.name.text, [...(consts.get(decl.name.text) ?? []), { scope, init }]);
        if (!ts.isObjectBindingPattern(decl.name)) continue;
        for (const element of decl.name.elements) {
          if (!ts.isIdentifier(element.name)) continue;
          const key = element.propertyName ?? element.name;
          const table =
            init && ts.isIdentifier(init) && namespaces.has(init.text) && ts.isIdentifier(key) ? byExport.get(key.text) : undefined;
          consts.set(element.name.text, [...(consts.get(element.name.text) ?? []), { scope, table: table ?? null }]);
        }
      }
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const seen = new Set(); // an alias being resolved: `const a = b, b = a` ends there
  const lookup = (id, ofConst, ofImport) => {
    let found;
    for (const entry of consts.get(id.text) ?? []) {
      if (id.pos < entry.scope.pos || id.end > entry.scope.end) continue;
      if (!found || entry.scope.end - entry.scope.pos < found.scope.end - found.scope.pos) found = entry;
    }
    if (!found) return ofImport(id.text);
    if (!("init" in found)) return found.table;
    if (!found.init || seen.has(found)) return null;
    seen.add(found);
    try {
      return ofConst(found.init);
    } finally {
      seen.delete(found);
    }
  };

  const tableOf = (node) => {
    node = node && unwrap(node);
    if (!node) return null;
    if (ts.isIdentifier(node)) return lookup(node, tableOf, (name) => locals.get(name) ?? null);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      return byExport.get(node.name.text) ?? null;
    }

    return null;
  };
  const isSql = (node) => {
    node = unwrap(node);
    if (ts.isIdentifier(node)) return Boolean(lookup(node, isSql, (name) => sqlNames.has(name)));

    return (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === "sql" &&
      ts.isIdentifier(node.expression) &&
      drizzleNamespaces.has(node.expression.text)
    );
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
  const readAllowed = (table) => table.owner === domain || READ_EXCEPTIONS.get(file) === table.sqlName;
  const readLines = new Set(); // one refusal per table and line
  const reportRead = (node, table, how) => {
    if (!READ_GUARDED.has(table.sqlName) || readAllowed(table)) return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    if (readLines.has(`${table.sqlName}:${line}`)) return;
    readLines.add(`${table.sqlName}:${line}`);
    violations.push({
      file,
      line: line + 1,
      column: character + 1,
      table: table.sqlName,
      owner: table.owner,
      message: `${how} ${table.sqlName} (${table.exportName}), whose reads too stay in lib/${table.owner}/: call a function of lib/${table.owner}/ instead`,
    });
  };
  const scanSql = (node, text) => {
    for (const match of text.matchAll(RAW_WRITE)) {
      const table = bySql.get(match[2].toLowerCase());
      if (table) report(node, table, `raw SQL "${match[1].toLowerCase()}"`);
    }
    for (const match of text.matchAll(RAW_READ)) {
      const table = bySql.get(match[2].toLowerCase());
      if (table) reportRead(node, table, `raw SQL "${match[1].toLowerCase()}"`);
    }
  };
  // A use of a guarded table's binding anywhere but its import, a type, or a property name.
  const inType = (node) => {
    for (let up = node.parent; up; up = up.parent) if (ts.isTypeNode(up)) return true;

    return false;
  };
  const isReference = (node) => {
    const parent = node.parent;
    if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return false;
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
    if ((ts.isPropertyAssignment(parent) || ts.isBindingElement(parent) || ts.isVariableDeclaration(parent)) && parent.name === node)
      return false;
    if (ts.isBindingElement(parent) && parent.propertyName === node) return false;

    return !inType(node);
  };

  // A table interpolated as `${jobs}` is its SQL name; any other value is a placeholder.
  const scanTemplate = (node, template) => {
    if (ts.isNoSubstitutionTemplateLiteral(template)) return scanSql(node, template.text);
    let text = template.head.text;
    for (const span of template.templateSpans) text += ` ${tableOf(span.expression)?.sqlName ?? "$"} ${span.literal.text}`;
    scanSql(node, text);
  };

  const visit = (node) => {
    if (ts.isIdentifier(node) && isReference(node)) {
      const table = tableOf(node);
      if (table) reportRead(node, table, "reads");
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      const table = tableOf(node);
      if (table && !inType(node)) reportRead(node, table, "reads");
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_METHODS.has(node.expression.name.text)) {
      const table = tableOf(node.arguments[0]);
      if (table) report(node, table, `.${node.expression.name.text}()`);
    }
    if (ts.isTaggedTemplateExpression(node) && isSql(node.tag)) scanTemplate(node, node.template);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "raw" &&
      isSql(node.expression.expression) &&
      node.arguments[0]
    ) {
      const [arg] = node.arguments;
      if (ts.isStringLiteralLike(arg)) scanSql(node, arg.text);
      else if (ts.isTemplateExpression(arg)) scanTemplate(node, arg);
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
    console.error(
      `\n${violations.length} write(s), or read(s) of a guarded table, outside the owning domain (docs/folders.md, CONTRIBUTING.md).`,
    );
    process.exit(1);
  }
  console.log(
    "check-table-writers: every table is written by its owning domain only, and the jobs table read by it only (READ_EXCEPTIONS aside).",
  );
}
