import { closeDatabase, getDatabase } from "./index";
import { migrateDatabase } from "./migrate";

const handle = (() => {
  try {
    return getDatabase();
  } catch (error) {
    // A running server holds the embedded database: one clear line, not a stack.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();
await migrateDatabase(handle);
console.log(`migrations applied (${handle.kind})`);
await closeDatabase();
