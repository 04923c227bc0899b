import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach } from "vitest";

const run = promisify(execFile);

/**
 * One of our lint scripts (scripts/check-*.mjs) run as `npm run lint` runs it, on small trees
 * written for the test: `tree` writes one (removed after each test), `check` runs the script on it.
 */
export function scriptCheck(script: string, prefix: string) {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  return {
    tree(files: Record<string, string>, prepare?: (root: string) => void): string {
      const root = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
      roots.push(root);
      prepare?.(root);
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      }

      return root;
    },
    async check(root: string): Promise<{ code: number; output: string }> {
      try {
        const { stdout, stderr } = await run(process.execPath, [path.resolve(script), "--root", root]);

        return { code: 0, output: stdout + stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };

        return { code: failed.code, output: failed.stdout + failed.stderr };
      }
    },
  };
}
