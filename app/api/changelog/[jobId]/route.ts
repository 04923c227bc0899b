import { route } from "@/lib/endpoints/route";
import { getChangelogEndpoint } from "@/lib/reports/endpoints";
import { getChangelog } from "@/lib/reports/get-changelog";

export const dynamic = "force-dynamic";

// GET /api/changelog/:jobId – what changed since the store's previous completed snapshot, paginated
export const GET = route(getChangelogEndpoint, ({ params, query }) => getChangelog(params.jobId, query));
