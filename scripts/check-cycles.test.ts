import { describe, expect, it } from "vitest";
import { scriptCheck } from "@/testing/script-check";

// The import-cycle check, run as `npm run lint` runs it, on small trees: a loop between two
// folders of components/ (or lib/) fails it even when no file imports itself back.
const { tree, check } = scriptCheck("scripts/check-cycles.mjs", "check-cycles");

describe("check-cycles", { timeout: 60_000 }, () => {
  it("refuses a loop between two folders of components/, naming both and an import of each way", async () => {
    const root = tree({
      "components/dashboard/api-client.ts": `export const callApi = () => 1;\n`,
      "components/dashboard/usage-card.tsx": `import { formatCount } from "@/components/reports/format";\nexport const Usage = () => formatCount(1);\n`,
      "components/reports/format.ts": `export const formatCount = (n: number) => String(n);\n`,
      "components/reports/track-button.tsx": `import { callApi } from "@/components/dashboard/api-client";\nexport const Track = () => callApi();\n`,
    });
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toContain("import cycle between folders: components/dashboard, components/reports");
    expect(output).toContain("components/dashboard/usage-card.tsx → components/reports/format.ts");
    expect(output).toContain("components/reports/track-button.tsx → components/dashboard/api-client.ts");
  });

  it("passes the same folders when the shared piece lives in a third one", async () => {
    const root = tree({
      "components/api/client.ts": `export const callApi = () => 1;\n`,
      "components/ui/format.ts": `export const formatCount = (n: number) => String(n);\n`,
      "components/dashboard/usage-card.tsx": `import { formatCount } from "@/components/ui/format";\nexport const Usage = () => formatCount(1);\n`,
      "components/reports/track-button.tsx": `import { callApi } from "../api/client";\nexport const Track = () => callApi();\n`,
    });
    const { code, output } = await check(root);

    expect(output).toContain("no import cycles");
    expect(code).toBe(0);
  });

  it("refuses a loop between two lib/ domains, and one between two files", async () => {
    const domains = await check(
      tree({
        "lib/pipeline/run.ts": `import { read } from "@/lib/reports/read";\nexport const run = () => read();\n`,
        "lib/reports/read.ts": `export const read = () => 1;\n`,
        "lib/reports/rebuild.ts": `import { run } from "@/lib/pipeline/run";\nexport const rebuild = () => run();\n`,
      }),
    );
    expect(domains.code).toBe(1);
    expect(domains.output).toContain("import cycle between folders: lib/pipeline, lib/reports");

    const files = await check(
      tree({
        "lib/jobs/a.ts": `import { b } from "./b";\nexport const a = () => b;\n`,
        "lib/jobs/b.ts": `import { a } from "./a";\nexport const b = () => a;\n`,
      }),
    );
    expect(files.code).toBe(1);
    expect(files.output).toContain("import cycle between files: lib/jobs/a.ts, lib/jobs/b.ts");
  });
});
