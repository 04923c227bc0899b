/**
 * The MCP Inspector's CLI (the `@modelcontextprotocol/inspector` devDependency) run against an
 * MCP URL as a developer runs it: its own entry point, in a process of its own, by the Node
 * running the tests, asked for one JSON object on stdout.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The Inspector's launcher; `--cli` hands it to the CLI client. */
function inspectorBin(): string {
  const require = createRequire(import.meta.url);

  return join(dirname(require.resolve("@modelcontextprotocol/inspector/package.json")), "clients/launcher/build/index.js");
}

export type InspectorEra = "legacy" | "modern";

export type InspectorRun = {
  /** 0, or the CLI's exit code: 5 for a tool answering `isError: true`, 6 for `--strict` findings. */
  exitCode: number;
  stdout: string;
  stderr: string;
};

/**
 * `inspector --cli <origin>/api/mcp --transport http --protocol-era <era> --format json <args>`.
 * A non-zero exit is returned, not thrown: a tool error is exit 5 with the result still on stdout.
 */
export function runInspector(origin: string, era: InspectorEra, args: string[]): Promise<InspectorRun> {
  const argv = [inspectorBin(), "--cli", `${origin}/api/mcp`, "--transport", "http", "--protocol-era", era, "--format", "json", ...args];

  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      argv,
      // HOME: the CLI keeps its catalog and OAuth state under ~/.mcp-inspector, not in the developer's.
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, HOME: process.env.TMPDIR ?? "/tmp", NO_COLOR: "1" } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") {
          reject(new Error(`inspector did not exit (${error.signal ?? error.code ?? error.message}): ${stderr}\n${stdout}`));

          return;
        }
        resolve({ exitCode: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** The `{ result }` envelope `--format json` prints, read; fails saying what the CLI printed otherwise. */
export function inspectorResult<T = Record<string, unknown>>(run: InspectorRun): T {
  let envelope: { result?: T };
  try {
    envelope = JSON.parse(run.stdout) as { result?: T };
  } catch {
    throw new Error(`the inspector printed no JSON (exit ${run.exitCode}): ${run.stderr}\n${run.stdout}`);
  }
  if (envelope.result === undefined) throw new Error(`no result in the inspector's output (exit ${run.exitCode}): ${run.stdout}`);

  return envelope.result;
}
