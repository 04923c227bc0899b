import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// GET, POST, PUT /api/inngest – the functions, for Inngest Cloud or self-hosted Inngest
export const { GET, POST, PUT } = serve({ client: inngest, functions });
