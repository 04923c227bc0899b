import { expect, it } from "vitest";
import { spawnWorker } from "@/testing/spawn-worker";

it("stops start-up on bad settings with one clear line per variable and nothing else", async () => {
  const server = spawnWorker("server.ts", { PORT: "not-a-port", DATABASE_URL: "mysql://db/x", API_KEY_PREFIX: "Bad Prefix!" });
  const code = await server.exited;

  expect(code).toBe(1);
  const lines = server.errors().trim().split("\n");
  expect(lines[0]).toBe("Invalid environment configuration:");
  expect(
    lines
      .slice(1)
      .map((line) => line.trim().split(":")[0])
      .sort(),
  ).toEqual(["API_KEY_PREFIX", "DATABASE_URL", "PORT"]);
  expect(server.output()).toBe("");
});
