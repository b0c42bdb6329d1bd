/** Bridge-side failures use the sidecar's convention: a rejected promise carrying "PREFIX: sentence". */

import type { ErrorPrefix } from "./generated/protocol.js";

export function bridgeError(prefix: ErrorPrefix, sentence: string): string {
  return `${prefix}: ${sentence}`;
}

/** The prefix of a rejection from any bridge call, for `switch`-style branching. */
export function errorPrefix(error: unknown): string | undefined {
  const text = typeof error === "string" ? error : error instanceof Error ? error.message : undefined;
  const match = text === undefined ? null : /^([A-Z_]+):/.exec(text);
  return match ? match[1] : undefined;
}
