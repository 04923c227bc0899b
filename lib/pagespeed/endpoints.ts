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
  answers: { 200: { schema: jobPageSpeedSchema }, 404: "error" },
});
