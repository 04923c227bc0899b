/**
 * The x402 test bench: the real pipeline with x402 on (paying `payTo`), a facilitator on
 * loopback that checks EIP-3009 signatures for real, and POST /api/jobs's route handler.
 */
import { resetEnvCache } from "@/lib/env";
import { startFakeFacilitator, type FakeFacilitator } from "./fake-facilitator";
import { startPipeline, type PipelineHarness } from "./pipeline";
import type { RouteHandler } from "./route-host";

export type PaidPipeline = {
  pipeline: PipelineHarness;
  facilitator: FakeFacilitator;
  /** POST /api/jobs, as Next calls it. */
  post: RouteHandler;
  /** The facilitator answers every settlement again (for a beforeEach). */
  reset(): void;
  stop(): Promise<void>;
};

/** `env`: more of the environment, e.g. an `X402_PRICE_USD` other than the default. */
export async function startPaidPipeline(payTo: string, env: Record<string, string> = {}): Promise<PaidPipeline> {
  const facilitator = await startFakeFacilitator();
  const pipeline = await startPipeline({ X402_PAY_TO: payTo, X402_FACILITATOR_URL: facilitator.url, ...env });
  const { POST } = await import("@/app/api/jobs/route");

  return {
    pipeline,
    facilitator,
    post: POST,
    reset: () => {
      facilitator.failSettlement(null);
      facilitator.loseSettlementAnswers(null);
    },
    stop: async () => {
      delete process.env.X402_PAY_TO;
      delete process.env.X402_FACILITATOR_URL;
      for (const name of Object.keys(env)) delete process.env[name];
      resetEnvCache();
      await pipeline.stop();
      await facilitator.close();
    },
  };
}
