/** The two bodies of a technology export (CSV or JSON), as every technology export answers them. */
export const technologyExportAnswer = {
  content: {
    "text/csv": {
      schema: {
        type: "string",
        description:
          "One row per store: domain, name, store_url, country, currency, theme, theme_version, apps, app_names, tags (kind:id), socials, emails, phones, languages, markets, agent_readiness, product_count, price_min, price_max, first_seen, last_seen, job_id, and evidence with evidence=1; lists joined by '; '; a cell that could start a spreadsheet formula is prefixed with '",
      },
    },
    "application/json": { schema: { $ref: "#/components/schemas/TechnologyExport" } },
  },
  headers: ["Content-Disposition", "Cache-Control"],
} as const;
