/** The seed §6.4 extraction trigger after a completed turn: one `ai_remember_conversation` call. */

import { aiRememberConversation, type AiWireMessage, type ExtractOptions } from "./ai.js";
import type { MergeResult } from "./generated/protocol.js";

export const EXTRACT_TRIGGER_CHARS = 4000;
/** The sidecar's default model-input budget for the messages of one round (`inputBudgetChars`). */
export const INPUT_BUDGET_CHARS = 24000;

/** A stored chat message: what the app's AiChatRecord keeps. */
export interface ChatMessage extends AiWireMessage {
  id: string;
}

export interface ExtractionTurn {
  /** The whole conversation, oldest first. */
  messages: ChatMessage[];
  /** Id of the last message an earlier extraction covered (AiChatRecord.extractedUpTo). */
  extractedUpTo?: string;
  /** Id of the last message the rolling summary covers; the window ends there when set (seed §6.4). */
  summaryUpTo?: string;
  /** The conversation's scope, stored as the new memories' sourceScope. */
  scope: string;
  /** Identifies the completed turn (e.g. the assistant message id): one extraction per turn at most. */
  turnId: string;
  /** Set from settings.aiMemoryEnabled; false skips everything. */
  enabled?: boolean;
  provider?: ExtractOptions["provider"];
  /** How many message characters one round sends at most (default 24000); the rest goes in later rounds. */
  inputBudgetChars?: number;
  /** Cancels the round (`$/cancelRequest`): it answers CANCELLED, nothing is merged, `extractedUpTo` stays. */
  signal?: AbortSignal;
}

export interface MemoryApi {
  rememberConversation: typeof aiRememberConversation;
}

/** What one trigger did: the new `extractedUpTo`, and the change receipt when a round ran and succeeded. */
export interface ExtractionOutcome {
  /** Unchanged when nothing ran or the round failed (it is retried next turn). */
  extractedUpTo: string | undefined;
  /** What the round added, updated and evicted (`changeId` undoes it); null when nothing ran or it failed. */
  receipt: MergeResult | null;
  /**
   * The sidecar's rejection when the round ran and failed ("AI_CONFIG: …", "AI_HTTP: …", "CANCELLED: …"), for
   * the chat to show (`errorPrefix` picks the case); absent when it succeeded or did not run.
   */
  error?: string;
}

const SIDECAR_API: MemoryApi = { rememberConversation: aiRememberConversation };

export function contentLength(content: AiWireMessage["content"]): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  return content.reduce((sum, part) => sum + (part.type === "text" ? (part.text ?? "").length : 0), 0);
}

/** Messages after `extractedUpTo`, ending at `summaryUpTo` when it is set and present. */
export function pendingMessages(turn: Pick<ExtractionTurn, "messages" | "extractedUpTo" | "summaryUpTo">): ChatMessage[] {
  const { messages, extractedUpTo, summaryUpTo } = turn;
  const start = extractedUpTo === undefined ? 0 : messages.findIndex((m) => m.id === extractedUpTo) + 1;
  const summaryEnd = summaryUpTo === undefined ? -1 : messages.findIndex((m) => m.id === summaryUpTo);
  const end = summaryEnd >= 0 ? summaryEnd + 1 : messages.length;
  return messages.slice(start, end);
}

/**
 * The oldest pending messages that fit `budgetChars` whole (always at least the first): what one round
 * sends. `extractedUpTo` then moves past these only, so no pending message is ever skipped.
 */
export function roundMessages(pending: ChatMessage[], budgetChars: number): ChatMessage[] {
  let used = 0;
  let count = 0;
  for (const message of pending) {
    const size = contentLength(message.content);
    if (count > 0 && used + size > budgetChars) break;
    used += size;
    count += 1;
  }
  return pending.slice(0, count);
}

/** Runs at most one extraction per completed turn, never two at once; a failure is warned about and returned. */
export class MemoryExtractor {
  private running = false;
  private lastTurn: string | undefined;

  constructor(
    private readonly api: MemoryApi = SIDECAR_API,
    private readonly triggerChars = EXTRACT_TRIGGER_CHARS,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  /**
   * Sends the oldest pending messages that fit one round to the sidecar, which picks the relevant
   * 【已有记忆】, calls the model and merges with that basis, all in one call; what did not fit goes in the
   * next rounds (one per completed turn), so every message is extracted once.
   */
  async maybeExtract(turn: ExtractionTurn): Promise<ExtractionOutcome> {
    const skipped: ExtractionOutcome = { extractedUpTo: turn.extractedUpTo, receipt: null };
    if (turn.enabled === false || this.running || this.lastTurn === turn.turnId) return skipped;
    const pending = pendingMessages(turn);
    const chars = pending.reduce((sum, message) => sum + contentLength(message.content), 0);
    if (pending.length === 0 || chars < this.triggerChars) return skipped;
    this.running = true;
    this.lastTurn = turn.turnId;
    const budget = turn.inputBudgetChars ?? INPUT_BUDGET_CHARS;
    const round = roundMessages(pending, budget);
    try {
      const receipt = await this.api.rememberConversation({
        messages: round.map((message) => ({ role: message.role, content: message.content })),
        sourceScope: turn.scope,
        inputBudgetChars: budget,
        ...(turn.provider ? { provider: turn.provider } : {}),
      }, turn.signal ? { signal: turn.signal } : undefined);
      return { extractedUpTo: round[round.length - 1].id, receipt };
    } catch (error) {
      const message = typeof error === "string" ? error : String(error);
      this.warn(`memory extraction skipped: ${message}`);
      return { ...skipped, error: message };
    } finally {
      this.running = false;
    }
  }
}

let sharedExtractor: MemoryExtractor | undefined;

/** The seed's maybeExtractMemories(): call after `ai-done` with reason `completed`; store `extractedUpTo`. */
export function maybeExtractMemories(turn: ExtractionTurn): Promise<ExtractionOutcome> {
  sharedExtractor ??= new MemoryExtractor();
  return sharedExtractor.maybeExtract(turn);
}
