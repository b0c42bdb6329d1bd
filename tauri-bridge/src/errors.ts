/** Bridge-side failures use the sidecar's convention: a rejected promise carrying "PREFIX: sentence". */

import { BRIDGE_PREFIXES, ERROR_CODES, type ErrorPrefix } from "./generated/protocol.js";

const PREFIXES: ReadonlySet<string> = new Set<string>([...Object.keys(ERROR_CODES), ...BRIDGE_PREFIXES]);

export function bridgeError(prefix: ErrorPrefix, sentence: string): string {
  return `${prefix}: ${sentence}`;
}

/** The prefix of a rejection from any bridge call, for `switch`-style branching; only the closed set. */
export function errorPrefix(error: unknown): ErrorPrefix | undefined {
  const text = typeof error === "string" ? error : error instanceof Error ? error.message : undefined;
  const match = text === undefined ? null : /^([A-Z_]+):/.exec(text);
  return match !== null && isErrorPrefix(match[1]) ? match[1] : undefined;
}

function isErrorPrefix(word: string): word is ErrorPrefix {
  return PREFIXES.has(word);
}
