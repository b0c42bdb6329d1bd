/** The seed §6.4 extraction trigger: list → extract with 【已有记忆】 → merge with basis, after a completed turn. */

import {
  aiExtractMemories,
  aiListMemories,
  aiMergeMemories,
  type AiWireMessage,
  type ExtractOptions,
} from "./ai.js";

export const EXTRACT_TRIGGER_CHARS = 4000;

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
}

export interface MemoryApi {
  list: typeof aiListMemories;
  extract: typeof aiExtractMemories;
  merge: typeof aiMergeMemories;
}

const SIDECAR_API: MemoryApi = { list: aiListMemories, extract: aiExtractMemories, merge: aiMergeMemories };

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

/** Runs at most one extraction per completed turn, never two at once; failures are only warned about. */
export class MemoryExtractor {
  private running = false;
  private lastTurn: string | undefined;

  constructor(
    private readonly api: MemoryApi = SIDECAR_API,
    private readonly triggerChars = EXTRACT_TRIGGER_CHARS,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** The new `extractedUpTo`; unchanged when nothing ran or the round failed (it is retried next turn). */
  async maybeExtract(turn: ExtractionTurn): Promise<string | undefined> {
    if (turn.enabled === false || this.running || this.lastTurn === turn.turnId) return turn.extractedUpTo;
    const pending = pendingMessages(turn);
    const chars = pending.reduce((sum, message) => sum + contentLength(message.content), 0);
    if (pending.length === 0 || chars < this.triggerChars) return turn.extractedUpTo;
    this.running = true;
    this.lastTurn = turn.turnId;
    try {
      const memories = await this.api.list();
      const basis = memories.map((memory) => memory.content);
      const request: AiWireMessage[] = basis.length
        ? [{ role: "user", content: "【已有记忆】\n" + JSON.stringify(basis) }]
        : [];
      for (const message of pending) request.push({ role: message.role, content: message.content });
      const raw = await this.api.extract(request, turn.provider ? { provider: turn.provider } : {});
      await this.api.merge({ raw, sourceScope: turn.scope, basis });
      return pending[pending.length - 1].id;
    } catch (error) {
      this.warn(`memory extraction skipped: ${typeof error === "string" ? error : String(error)}`);
      return turn.extractedUpTo;
    } finally {
      this.running = false;
    }
  }
}

let sharedExtractor: MemoryExtractor | undefined;

/** The seed's maybeExtractMemories(): call after `ai-done` with reason `completed`. */
export function maybeExtractMemories(turn: ExtractionTurn): Promise<string | undefined> {
  sharedExtractor ??= new MemoryExtractor();
  return sharedExtractor.maybeExtract(turn);
}
