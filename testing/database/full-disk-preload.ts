/**
 * Preloaded into a server process by a test (`node --import tsx --import <this> server.ts`):
 * makes the process database an in-memory PGlite on a disk that is full from the moment the
 * engine is up, so the server's first writes (its migrations) make the real engine panic.
 */
import { sql } from "drizzle-orm";
import { installDatabase, openPglite } from "@/db";
import { fillingDisk } from "./filling-disk";

const disk = fillingDisk();
const handle = openPglite("memory://", { fs: disk });
await handle.db.execute(sql`select 1`);
await installDatabase(handle);
disk.fill();
