// npm run report:purge -- <job id> "<reason>": deletes one completed report's content for good
// (lib/reports/purge-report.ts); the report answers 410 Gone afterwards. Logged and recorded.
import { closeDatabase } from "@/db";
import { purgeReport } from "@/lib/reports/purge-report";

const [jobId, ...words] = process.argv.slice(2);
const reason = words.join(" ");
if (!jobId || reason.trim() === "") {
  process.stderr.write('usage: npm run report:purge -- <job id> "<reason>"\n');
  process.exit(2);
}
try {
  const purged = await purgeReport(jobId, reason);
  process.stdout.write(`purged report ${purged.job_id} at ${purged.purged_at}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
