/** @ai-memory/tauri-bridge/node: everything in the main entry, plus the Node `child_process` transport. */

export * from "./index.js";
export { NodeTransport, type NodeTransportOptions } from "./node-transport.js";
