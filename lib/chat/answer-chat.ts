import {
  APICallError,
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  toUIMessageStream,
  type ModelMessage,
  type StepResult,
  type ToolSet,
  type UIMessageChunk,
} from "ai";
import { ApiError } from "@/lib/http/errors";
import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { admitChatRequest, settleChatUsage } from "./admit-chat-request";
import { CHAT_LIMITS, CHAT_REQUEST_TOKEN_CEILING, chatSubjectFor } from "./chat-limits";
import { getChatModel } from "./chat-model";
import { toChatTurns, type ChatAnswer, type ChatBody } from "./schemas";
import { resolveChatScope } from "./chat-scope";
import { buildChatTools } from "./chat-tools";
import { buildSystemPrompt, redactPrivateText } from "./system-prompt";
import { createTokenMeter, estimateTokens } from "./token-meter";

/** Model calls per answer: enough to look something up, then look closer, then answer. */
const MAX_STEPS = 5;
/** Longest answer per model call. */
const MAX_OUTPUT_TOKENS = 1_000;
/** Below this many tokens of room, another step could not say anything useful. */
const MIN_STEP_OUTPUT = 64;
/** What one tool's name, description and input schema cost in a prompt, roughly. */
const TOOL_DEFINITION_TOKENS = 150;
/** With less room than this, a call could not be followed by another: it must be the answer. */
const LAST_CALL_ROOM = 2 * MAX_OUTPUT_TOKENS;

export type ChatDeps = {
  /** The clock of the limits (tests drive a virtual one). */
  now?: () => Date;
};

type Outcome = { kind: "ok" } | { kind: "model_error"; status?: number } | { kind: "timeout" } | { kind: "cancelled" };

const TIMEOUT_MESSAGE = "The model did not finish its answer in time; the tokens it used are counted.";

function modelErrorMessage(status?: number): string {
  return `The model service failed to answer${status ? ` (HTTP ${status})` : ""}; the tokens it used are counted.`;
}

function describeError(error: unknown): Outcome {
  if (APICallError.isInstance(error)) return { kind: "model_error", status: error.statusCode };
  if (error instanceof Error && (error.name === "TimeoutError" || /timeout/i.test(error.message))) return { kind: "timeout" };

  return { kind: "model_error" };
}

const stepTokens = (step: StepResult<ToolSet>) => (step.usage.inputTokens ?? 0) + (step.usage.outputTokens ?? 0);

/** What the next model call will be sent, roughly: the last prompt, plus its answer and the tool results. */
function nextInputEstimate(steps: StepResult<ToolSet>[], firstInput: number): number {
  const last = steps.at(-1);
  if (!last) return firstInput;
  const toolChars = JSON.stringify(last.toolResults ?? []).length;

  return (last.usage.inputTokens ?? firstInput) + (last.usage.outputTokens ?? 0) + estimateTokens(toolChars);
}

/**
 * Answers one chat request: checks the configuration and the store, admits the request
 * against the contract's limits (reserving tokens), runs the model with the scoped
 * read-only tools, and settles the reservation to the tokens really spent — whether the
 * answer finished, failed, timed out or the caller went away. Streams (server-sent events
 * of the AI SDK UI message stream) or answers one JSON object.
 */
export async function answerChat(
  input: { principal: Principal; body: ChatBody; signal?: AbortSignal },
  deps: ChatDeps = {},
): Promise<Response | ChatAnswer> {
  const { principal, body } = input;
  const now = deps.now ?? (() => new Date());
  const model = getChatModel();
  const turns = toChatTurns(body.messages);
  const user = principal.kind === "anonymous" || principal.kind === "x402" ? undefined : principal.user;
  const scope = await resolveChatScope({ slug: body.store, userId: user?.id ?? null });
  const subject = chatSubjectFor({ ip: principal.ip, user });

  const startedAt = now();
  const admission = await admitChatRequest({
    subject,
    limits: CHAT_LIMITS[subject.tier],
    reserve: CHAT_REQUEST_TOKEN_CEILING,
    now: startedAt,
  });

  const meter = createTokenMeter();
  let settled: Promise<void> | null = null;
  const settle = () => {
    settled ??= settleChatUsage(admission, meter.usage().total).catch((error: unknown) => {
      // The reservation stays counted: a failed settlement errs on the side of the budget.
      logger.error("chat usage settlement failed", { subject: admission.subject, error });
    });

    return settled;
  };

  const system = buildSystemPrompt(scope, startedAt);
  const tools = buildChatTools(scope, { principal });
  const messages: ModelMessage[] = turns.map((turn) => ({ role: turn.role, content: turn.text }));
  const firstInput =
    estimateTokens(system.text.length + JSON.stringify(messages).length) + Object.keys(tools).length * TOOL_DEFINITION_TOKENS;
  // Written by the stream callbacks; read once the stream has ended.
  const state: { outcome: Outcome } = { outcome: { kind: "ok" } };

  const result = streamText({
    model,
    instructions: system.text,
    messages,
    tools,
    maxRetries: 0,
    timeout: { totalMs: getEnv().CHAT_TIMEOUT_MS },
    abortSignal: input.signal,
    stopWhen: [
      stepCountIs(MAX_STEPS),
      // Never start a call that could take the request past its reservation.
      ({ steps }) => meter.usage().total + nextInputEstimate(steps, firstInput) + MIN_STEP_OUTPUT > CHAT_REQUEST_TOKEN_CEILING,
    ],
    prepareStep: ({ steps, stepNumber }) => {
      const room =
        CHAT_REQUEST_TOKEN_CEILING - steps.reduce((sum, step) => sum + stepTokens(step), 0) - nextInputEstimate(steps, firstInput);
      // The last call the request can afford must answer in words, not end on a tool call.
      const isLastCall = stepNumber >= MAX_STEPS - 1 || room < LAST_CALL_ROOM;

      return {
        maxOutputTokens: Math.max(MIN_STEP_OUTPUT, Math.min(MAX_OUTPUT_TOKENS, room)),
        ...(isLastCall ? { toolChoice: "none" as const } : {}),
      };
    },
    experimental_transform: redactPrivateText(system.privateLines),
    onLanguageModelCallStart: (event) => {
      meter.callStarted(estimateTokens(JSON.stringify(event.messages ?? []).length + system.text.length));
    },
    onChunk: ({ chunk }) => {
      if (chunk.type === "text-delta" || chunk.type === "reasoning-delta") meter.streamed(chunk.text.length);
      if (chunk.type === "tool-call") meter.streamed(JSON.stringify(chunk.input ?? {}).length);
    },
    onLanguageModelCallEnd: (event) => meter.callEnded(event.usage),
    onError: ({ error }) => {
      state.outcome = describeError(error);
      if (APICallError.isInstance(error)) meter.callRefused();
      logger.warn("chat model call failed", { subject: admission.subject, error: error instanceof Error ? error.message : String(error) });
    },
    onAbort: ({ reason }) => {
      state.outcome = /timeout/i.test(String(reason)) ? { kind: "timeout" } : { kind: "cancelled" };
      void settle();
    },
    onEnd: () => void settle(),
  });

  if (body.stream) {
    const stream = toUIMessageStream({
      stream: result.stream,
      onError: (error) => {
        const described = describeError(error);

        return described.kind === "timeout"
          ? TIMEOUT_MESSAGE
          : modelErrorMessage(described.kind === "model_error" ? described.status : undefined);
      },
    }).pipeThrough(
      // A timed-out answer reaches the browser as an error it can show, not a silent stop.
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          if (chunk.type === "abort" && state.outcome.kind === "timeout") {
            controller.enqueue({ type: "error", errorText: TIMEOUT_MESSAGE });

            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );

    return createUIMessageStreamResponse({ stream });
  }

  let text = "";
  const toolCalls: ChatAnswer["tools"] = [];
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") text += part.text;
    if (part.type === "tool-call") toolCalls.push({ name: part.toolName, ok: part.invalid !== true });
    if (part.type === "tool-error") {
      const call = toolCalls.findLast((entry) => entry.name === part.toolName);
      if (call) call.ok = false;
    }
  }
  await settle();

  const outcome = state.outcome;
  if (outcome.kind === "timeout") throw new ApiError("model_timeout", TIMEOUT_MESSAGE);
  if (outcome.kind === "model_error") throw new ApiError("model_error", modelErrorMessage(outcome.status));
  if (outcome.kind === "cancelled") throw new ApiError("model_error", "The request was cancelled; the tokens used are counted.");
  const usage = meter.usage();

  return {
    message: { role: "assistant", content: text },
    store: scope.store?.slug ?? null,
    tools: toolCalls,
    usage: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.total },
  };
}
