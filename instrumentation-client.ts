// Runs in the browser before any page module. The Content-Security-Policy allows no eval, so
// zod's compiled parsers cannot run there, and the probe it makes for them when a schema is
// built (a `new Function` it catches) is still reported as a violation. The server, which
// never loads this file, keeps the compiled parsers.
//
// zod keeps its settings on globalThis.__zod_globalConfig (every copy of zod reads the same
// object, and `z.config()` only writes to it), so this sets it without importing zod: an import
// here would put the whole of zod into every page's first load, also the pages that never parse.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
