import { z } from "zod";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { jobPageSpeedSchema } from "./schemas";

export const getPageSpeedEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/pagespeed/:jobId",
  access: "public",
  operationId: "getPageSpeed",
  tag: "reports",
  summary: "PageSpeed audits (mobile, desktop) of a job",
  params: z.object({ jobId: z.string().min(1).max(300) }),
  description:
    "The mobile and desktop PageSpeed Insights audits the job's analysis recorded (scores and core metrics). 404 when the job id names no job, or the job has no audits (PageSpeed is off on the server, the job has not reached that step, or PageSpeed failed).",
  answers: { 200: { schema: jobPageSpeedSchema }, 404: "error" },
});
