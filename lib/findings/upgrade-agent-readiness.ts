/**
 * Reports once kept the UCP profile's check under `ucp`; it is `ucp_profile` now. A stored value
 * with only the old key is read as if it had the new one.
 */
export function upgradeAgentReadiness(stored: unknown): unknown {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return stored;
  const { ucp, ...rest } = stored as Record<string, unknown>;

  return "ucp_profile" in rest || ucp === undefined ? stored : { ...rest, ucp_profile: ucp };
}
