import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { keepDataPrivate } from "./keep-data-private";

const run = promisify(execFile);
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

it("closes the PGlite directory (0700) and the generated AUTH_SECRET (0600) to every other user, the render's browser's included", async () => {
  folder = mkdtempSync(path.join(tmpdir(), "data-private-"));
  // Open down to the data folder, as a checkout in a home directory usually is.
  chmodSync(folder, 0o755);
  const data = path.join(folder, ".data");
  const pglite = path.join(data, "pglite");
  mkdirSync(pglite, { recursive: true });
  chmodSync(data, 0o755);
  chmodSync(pglite, 0o755);
  writeFileSync(path.join(pglite, "PG_VERSION"), "17", { mode: 0o644 });
  writeFileSync(path.join(data, "auth-secret"), "s".repeat(43), { mode: 0o644 });

  keepDataPrivate({ DATABASE_URL: undefined, PGLITE_DIR: pglite });

  expect(statSync(pglite).mode & 0o777).toBe(0o700);
  expect(statSync(path.join(data, "auth-secret")).mode & 0o777).toBe(0o600);
  // As the browser's user (nobody), neither can be read: checked by a real process when we may switch users.
  if (process.getuid?.() === 0) {
    for (const file of [path.join(data, "auth-secret"), path.join(pglite, "PG_VERSION")]) {
      const read = run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "cat", file]);
      await expect(read).rejects.toThrow(/Permission denied/);
    }
  }
});
