export { createEmbeddedExecutor, EmbeddedExecutor, type EmbeddedExecutorOptions, type SendResult } from "./executor";
export { exponentialBackoff, type Backoff } from "./backoff";
export { findGlobalExecutor, setGlobalExecutor } from "./global";
export { consoleLogger, quietLogger, type Logger } from "./logger";
export type { EventInput, ServeHandler, StepResult, StoredEvent } from "./protocol";
export type { CreatedRun, RunRecord, RunStatus, StepRecord } from "./runs";
export { MAX_LEASE_LOSSES, WORKER_CRASHED_ERROR } from "./lease-losses";
