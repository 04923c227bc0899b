import { closeDatabase, getDatabase } from "./index";
import { migrateDatabase } from "./migrate";

const handle = getDatabase();
await migrateDatabase(handle);
console.log(`migrations applied (${handle.kind})`);
await closeDatabase();
