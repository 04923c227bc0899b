import type { TimelineEvent, TimelineEventKind } from "./schemas";

const WORDS: Record<TimelineEventKind, string> = {
  app_installed: "App installed",
  app_removed: "App removed",
  theme_changed: "Theme changed",
  tag_added: "Tag added",
  tag_removed: "Tag removed",
  language_added: "Language added",
  language_removed: "Language removed",
  market_added: "Ships to a new country",
  market_removed: "No longer ships to",
  social_added: "Social profile added",
  social_removed: "Social profile removed",
  agent_endpoint_added: "Agent endpoint added",
  agent_endpoint_removed: "Agent endpoint removed",
  product_added: "Product added",
  product_removed: "Product removed",
  price_changed: "Price changed",
};

/** What an event's kind is called on the pages. */
export function eventKindWords(kind: TimelineEventKind): string {
  return WORDS[kind];
}

/** What the event concerns, for people: its name, and for a change what it was and became. */
export function eventSubjectWords(event: Pick<TimelineEvent, "key" | "label" | "before" | "after">): string {
  const name = event.label ?? event.key;
  if (event.before !== null || event.after !== null)
    return `${event.key === "theme" ? "" : `${name}: `}${event.before ?? "—"} → ${event.after ?? "—"}`;

  return name;
}

/** Whether the kind says something went away (the pages color it so). */
export function isRemoval(kind: TimelineEventKind): boolean {
  return kind.endsWith("_removed");
}
