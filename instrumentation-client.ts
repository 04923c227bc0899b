import { z } from "zod";

// Runs in the browser before any page module. The Content-Security-Policy allows no eval, so
// zod's compiled parsers cannot run there, and the probe it makes for them when a schema is
// built (a `new Function` it catches) is still reported as a violation. The server, which
// never loads this file, keeps the compiled parsers.
z.config({ jitless: true });
