/**
 * Crafted robots.txt files that made robots-parser's matcher cost (rule length × path length)
 * per check, and the paths a store's own page can make the render ask about.
 */
export const hostileRobots = {
  /** `Disallow: /` + `stars` × `*` + `Q`: one rule of half a megabyte matching only paths with a Q. */
  starRun: (stars: number) => `User-agent: *\nDisallow: /${"*".repeat(stars)}Q\n`,
  /** `count` rules `/*aaaa…ab<i>` (a naive substring search's worst case against `/aaaa…`). */
  repeatingPieces: (count: number, pieceLength: number) =>
    `User-agent: *\n${Array.from({ length: count }, (_, i) => `Disallow: /*${"a".repeat(pieceLength)}b${i}`).join("\n")}\n`,
  /** A request path of `length` characters as a page's script can make: a long query string. */
  longPath: (length: number) => `/search?q=${"a".repeat(Math.max(0, length - 10))}`,
};
