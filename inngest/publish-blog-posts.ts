import { inngest } from "@/lib/workflow/client";
import { cronMoment } from "@/lib/workflow/cron-moment";

/** The weekly data-driven blog post about last week's directory (one per week; none without enough data). */
export const publishBlogPosts = inngest.createFunction(
  { id: "publish-blog-posts", name: "Publish the weekly directory post", retries: 3, triggers: [{ cron: "0 6 * * 1" }] }, // Mondays, 06:00 UTC
  async ({ event, step }) => {
    // The tick's own time names the week, so a late or retried run still writes about the right one.
    const tick = cronMoment(event);

    // Loaded when the weekly run comes: the markdown renderer and HTML sanitiser idle otherwise.
    return step.run("publish-weekly-post", async () => (await import("@/lib/blog/publish-weekly-post")).publishWeeklyPost(tick));
  },
);
