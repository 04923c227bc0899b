import { spawn, type ChildProcess } from "node:child_process";

export type SpawnedWorker = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  errors: () => string;
};

/**
 * Runs a TypeScript worker script in a child process (`node --import tsx`), for crash tests
 * that `kill -9` it. DATABASE_URL is not inherited: each caller says which database to use.
 */
export function spawnWorker(script: string, env: Record<string, string>, registry?: ChildProcess[]): SpawnedWorker {
  const { DATABASE_URL: _omit, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: process.cwd(),
    env: { ...inherited, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  registry?.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  return { child, exited, output: () => stdout, errors: () => stderr };
}
