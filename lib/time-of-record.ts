/**
 * The time of record for snapshots and monitoring. Production reads the wall clock; a
 * simulation (tests, demos replaying months of history) installs its own clock so that
 * snapshots land on the days being simulated.
 */
type TimeSource = () => Date;

const holder = globalThis as typeof globalThis & { __storelensTimeSource?: TimeSource };

export function currentTime(): Date {
  return holder.__storelensTimeSource?.() ?? new Date();
}

/** Installs a time source for this process (null restores the wall clock). */
export function installTimeSource(source: TimeSource | null): void {
  holder.__storelensTimeSource = source ?? undefined;
}
