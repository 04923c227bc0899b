import type { Metadata } from "next";
import { NoJobsYet } from "@/components/dashboard/no-jobs-yet";
import { JobsList } from "@/components/jobs/jobs-list";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { requireSessionUser } from "@/lib/auth/session-user";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";

export const metadata: Metadata = { title: "Jobs" };

const PATH = "/dashboard/jobs";

export default async function JobsPage(props: PageProps<"/dashboard/jobs">) {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  const user = await requireSessionUser(PATH);
  const { page } = await props.searchParams;
  const query = paginationQuerySchema.safeParse({ page: Array.isArray(page) ? page[0] : page });
  const list = await listUserJobs({ userId: user.id, ...(query.success ? query.data : { page: 1, per_page: 20 }) });

  if (list.pagination.total === 0) return <NoJobsYet />;

  return <JobsList jobs={list.data} pagination={list.pagination} basePath={PATH} />;
}
