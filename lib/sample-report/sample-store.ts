// The bundled capture behind the sample report. Kept free of imports: the report page and the
// home page read these facts without loading the seed.

/** What the sample report was built from, as its label says it. */
export const SAMPLE_STORE = {
  /**
   * The store's domain in StoreLens: a reserved name (.invalid never resolves), so the sample is
   * never confused with the live store, nor its later analyses diffed against a capture.
   */
  domain: "feastables.sample.invalid",
  /** The store the page was captured from. */
  capturedFrom: "feastables.com",
  /** The page, bundled under assets/ (the same bytes as testing/fixtures/real-storefronts/feastables.com.html). */
  file: "assets/sample-store/feastables.com.html",
  /** The capture was committed to its public repository on this day (testing/fixtures/real-storefronts/SOURCES.md). */
  capturedOn: "2025-02-04",
  source: "github.com/zkCryptoBiz/BEAST, index.html",
} as const;

/** Whether a report's domain is the bundled sample's. */
export function isSampleDomain(domain: string): boolean {
  return domain === SAMPLE_STORE.domain;
}
