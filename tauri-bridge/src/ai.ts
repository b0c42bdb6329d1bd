/** Drop-in replacements for lib/ai.ts's memory calls (seed §6.6), plus the pipeline, history and recall calls. */

import { SidecarClient, type CallOptions } from "./client.js";
import type {
  AiMessage,
  ContextParams,
  ContextResult,
  DeleteResult,
  EditResult,
  HistoryResult,
  ListArchiveParams,
  ListArchiveResult,
  MemoryItem,
  MergeParams,
  MergeResult,
  Provider,
  RememberConversationParams,
  SearchResult,
  UndoResult,
} from "./generated/protocol.js";
import { TauriTransport } from "./tauri-transport.js";

/** One cross-session memory (serde camelCase), as before. */
export type AiMemoryItem = MemoryItem;
/** An OpenAI-shaped message, as before. */
export type AiWireMessage = AiMessage;

let shared: SidecarClient | undefined;

/** The client every call below uses; by default one lazily spawned Tauri sidecar per app. */
export function sidecarClient(): SidecarClient {
  shared ??= new SidecarClient(new TauriTransport());
  return shared;
}

/** Replace the shared client (a Node host, tests, custom timeouts); returns the previous one. */
export function configureSidecar(client: SidecarClient): SidecarClient | undefined {
  const previous = shared;
  shared = client;
  return previous;
}

export function aiListMemories(options?: CallOptions): Promise<AiMemoryItem[]> {
  return sidecarClient().call("ai_list_memories", {}, options);
}

export async function aiSaveMemories(items: AiMemoryItem[], options?: CallOptions): Promise<void> {
  await sidecarClient().call("ai_save_memories", { items }, options);
}

export async function aiClearMemories(options?: CallOptions): Promise<void> {
  await sidecarClient().call("ai_clear_memories", {}, options);
}

export interface ExtractOptions extends CallOptions {
  /** Per-call provider; beats the sidecar's flags and env. */
  provider?: Provider;
}

export function aiExtractMemories(messages: AiWireMessage[], options: ExtractOptions = {}): Promise<string> {
  const { provider, ...call } = options;
  return sidecarClient().call("ai_extract_memories", provider ? { messages, provider } : { messages }, call);
}

/** `raw` is aiExtractMemories' answer; `basis` the contents sent as 【已有记忆】 (deleted ones stay deleted). */
export type MergeInput = MergeParams;

export function aiMergeMemories(input: MergeInput, options?: CallOptions): Promise<MergeResult> {
  return sidecarClient().call("ai_merge_memories", input, options);
}

/**
 * The memory system message for the next turn, or `content: null` when there is nothing to inject.
 * With `query` (the user's latest message) the most relevant memories go in first. A bare number is
 * the byte budget, as before.
 */
export function aiMemoryContext(input: ContextParams | number = {}, options?: CallOptions): Promise<ContextResult> {
  const params: ContextParams = typeof input === "number" ? { budgetBytes: input } : input;
  return sidecarClient().call("ai_memory_context", params, options);
}

/** The latest changes to the store, newest first (`limit` clamped to 1…500, default 50). */
export function aiMemoryHistory(limit?: number, options?: CallOptions): Promise<HistoryResult> {
  return sidecarClient().call("ai_memory_history", limit === undefined ? {} : { limit }, options);
}

/** Undo one change by its receipt's `changeId`; what moved on since is left alone and counted in `conflicts`. */
export function aiUndoChange(changeId: string, options?: CallOptions): Promise<UndoResult> {
  return sidecarClient().call("ai_undo_change", { changeId }, options);
}

/** Delete the change history for real: what was cleared or replaced can no longer be brought back. */
export async function aiForgetHistory(options?: CallOptions): Promise<void> {
  await sidecarClient().call("ai_forget_history", {}, options);
}

/** Store one explicit memory (Settings "add", "remember this"); a restatement updates the one it restates. */
export function aiRemember(content: string, sourceScope: string, options?: CallOptions): Promise<MergeResult> {
  return sidecarClient().call("ai_remember", { content, sourceScope }, options);
}

/** Memories relevant to `query`, best first (`limit` clamped to 1…1000, default 20). */
export function aiSearchMemories(query: string, limit?: number, options?: CallOptions): Promise<SearchResult> {
  return sidecarClient().call("ai_search_memories", limit === undefined ? { query } : { query, limit }, options);
}

/** list → extract → merge in one call; the sidecar bounds the model input whatever the store size. */
export function aiRememberConversation(input: RememberConversationParams, options?: CallOptions): Promise<MergeResult> {
  return sidecarClient().call("ai_remember_conversation", input, options);
}

/** Archived memories (the ones the limit moved out), newest archived first; with `query`, matching ones best first. */
export function aiListArchive(opts: ListArchiveParams = {}, options?: CallOptions): Promise<ListArchiveResult> {
  return sidecarClient().call("ai_list_archive", opts, options);
}

/** Bring chosen archived memories back into the store (same id and date); the oldest active ones are archived when full. */
export function aiRestoreMemories(ids: string[], limit?: number, options?: CallOptions): Promise<MergeResult> {
  return sidecarClient().call("ai_restore_memories", limit === undefined ? { ids } : { ids, limit }, options);
}

/** Delete chosen memories from the store, every other one kept (even one learnt since the list was read);
 * the receipt's `removed` says which were there and its `changeId` undoes it. */
export function aiDeleteMemories(ids: string[], options?: CallOptions): Promise<DeleteResult> {
  return sidecarClient().call("ai_delete_memories", { ids }, options);
}

/** Rewrite one memory's text in place (same id, dated now), every other memory kept; `updated` holds
 * before and after, `changeId` undoes it (null when the text was the same). With `expected` (the text the
 * edit started from), a memory that says something else now is left alone. Rejects with RPC_INVALID_PARAMS
 * when the text is empty (at `$.content`), the store no longer holds `id` (at `$.id`) or the memory changed
 * meanwhile (at `$.expected`). */
export function aiEditMemory(id: string, content: string, expected?: string, options?: CallOptions): Promise<EditResult> {
  return sidecarClient().call("ai_edit_memory", expected === undefined ? { id, content } : { id, content, expected }, options);
}

/** Delete chosen archived memories; the receipt's `changeId` undoes it. */
export function aiDeleteArchived(ids: string[], options?: CallOptions): Promise<MergeResult> {
  return sidecarClient().call("ai_delete_archived", { ids }, options);
}
