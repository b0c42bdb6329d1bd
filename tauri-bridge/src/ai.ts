/** Drop-in replacements for lib/ai.ts's memory calls (seed §6.6), plus the pipeline calls of SPEC S6. */

import { SidecarClient, type CallOptions } from "./client.js";
import type { AiMessage, ContextResult, MemoryItem, MergeParams, MergeResult, Provider } from "./generated/protocol.js";
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

/** The memory system message for the next turn, or `content: null` when there is nothing to inject. */
export function aiMemoryContext(budgetBytes = 8192, options?: CallOptions): Promise<ContextResult> {
  return sidecarClient().call("ai_memory_context", { budgetBytes }, options);
}
