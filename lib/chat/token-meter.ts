import type { LanguageModelUsage } from "ai";

/** About four characters per token: the estimate used where the model has not reported usage. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/**
 * Counts the tokens one chat request spends: the usage each finished model call reports,
 * plus, for a call cut short (timeout, error, caller gone) before it reported, an estimate
 * of its prompt and of what it had streamed — so interrupted calls are counted, not free.
 */
export function createTokenMeter() {
  let input = 0;
  let output = 0;
  let open: { input: number; outputChars: number } | null = null;

  return {
    callStarted(estimatedInputTokens: number) {
      open = { input: estimatedInputTokens, outputChars: 0 };
    },
    streamed(chars: number) {
      if (open) open.outputChars += chars;
    },
    callEnded(usage: LanguageModelUsage) {
      input += usage.inputTokens ?? open?.input ?? 0;
      output += usage.outputTokens ?? estimateTokens(open?.outputChars ?? 0);
      open = null;
    },
    /** The service refused the call outright (an HTTP error answer): it processed nothing to bill. */
    callRefused() {
      if (open && open.outputChars === 0) open = null;
    },
    /** Input and output tokens so far, the open call's estimate included. */
    usage() {
      const openInput = open?.input ?? 0;
      const openOutput = open ? estimateTokens(open.outputChars) : 0;

      return { input: input + openInput, output: output + openOutput, total: input + openInput + output + openOutput };
    },
  };
}

export type TokenMeter = ReturnType<typeof createTokenMeter>;
