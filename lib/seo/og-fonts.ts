import { readFile } from "node:fs/promises";
import { join } from "node:path";

type OgFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };

let fonts: Promise<OgFont[]> | undefined;

/** Inter 400/700 from assets/fonts (committed, OFL): Open Graph images never fetch fonts. */
export function loadOgFonts(): Promise<OgFont[]> {
  fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => {
      const file = await readFile(join(process.cwd(), "assets", "fonts", `inter-latin-${weight}-normal.woff`));

      return {
        name: "Inter",
        data: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
        weight,
        style: "normal" as const,
      };
    }),
  );

  return fonts;
}
