/** @ai-memory/tauri-bridge: the ai-memory sidecar behind the same calls the frontend already makes. */

export {
  aiClearMemories,
  aiDeleteArchived,
  aiDeleteMemories,
  aiEditMemory,
  aiExtractMemories,
  aiForgetHistory,
  aiListArchive,
  aiListMemories,
  aiMemoryContext,
  aiMemoryHistory,
  aiMergeMemories,
  aiRemember,
  aiRememberConversation,
  aiRestoreMemories,
  aiSaveMemories,
  aiSearchMemories,
  aiUndoChange,
  configureSidecar,
  sidecarClient,
  type AiMemoryItem,
  type AiWireMessage,
  type ExtractOptions,
  type MergeInput,
} from "./ai.js";
export { SidecarClient, type CallOptions, type ClientOptions, type ConnectionState } from "./client.js";
export { DEFAULT_MAX_REQUEST_BYTES } from "./request.js";
export { bridgeError, errorPrefix } from "./errors.js";
export { LineAssembler } from "./lines.js";
export {
  ONEDIR_COMMAND,
  SIDECAR_PROGRAM,
  TauriTransport,
  type SidecarLayout,
  type TauriTransportOptions,
} from "./tauri-transport.js";
export type { ProcessEvents, SidecarProcess, Transport } from "./transport.js";
export {
  EXTRACT_TRIGGER_CHARS,
  MemoryExtractor,
  maybeExtractMemories,
  pendingMessages,
  type ChatMessage,
  type ExtractionOutcome,
  type ExtractionTurn,
  type MemoryApi,
} from "./trigger.js";
export * from "./generated/protocol.js";
