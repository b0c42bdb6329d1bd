/** @ai-memory/tauri-bridge/vue: the memory Settings panel and the chat notice, for Vue 3 apps (issue 18). */

export { errorSentence } from "./errors.js";
export { MemoryChatNotice } from "./memory-chat-notice.js";
export { MemorySettings } from "./memory-settings.js";
export { STRINGS, strings, type ChangeCounts, type Lang, type Strings } from "./strings.js";
export {
  changedSomething,
  useMemoryExtraction,
  type ExtractionState,
  type UseExtractionOptions,
} from "./use-extraction.js";
export {
  changeCounts,
  changeDetails,
  clampLimit,
  LIMIT_MAX,
  LIMIT_MIN,
  MAX_MEMORY_CHARS,
  SIDECAR_BRIDGE,
  useMemories,
  validateMemory,
  type MemoryBridge,
  type MemoryState,
  type Notice,
  type UseMemoriesOptions,
} from "./use-memories.js";
