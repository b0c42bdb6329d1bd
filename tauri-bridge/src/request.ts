/** Turns a call into one request line, refusing what the sidecar could only answer with an id-less error. */

import { bridgeError } from "./errors.js";
import { DEFAULT_MAX_LINE_BYTES } from "./generated/protocol.js";

/** The sidecar's default `--max-line-bytes`: a longer line is answered `RPC_INVALID_REQUEST` with id null. */
export const DEFAULT_MAX_REQUEST_BYTES = DEFAULT_MAX_LINE_BYTES;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The request line without its `\n`.
 * @throws a `RPC_INVALID_PARAMS` string when a string holds a lone surrogate (the sidecar could only
 *   answer `RPC_PARSE` with id null), a `RPC_INVALID_REQUEST` string when the line is over `maxBytes`.
 */
export function requestLine(id: number, method: string, params: unknown, maxBytes: number): string {
  const bad = loneSurrogatePath(params, "$");
  if (bad !== undefined) {
    throw bridgeError("RPC_INVALID_PARAMS", `${method}: ${bad} holds a lone UTF-16 surrogate, which is not text`);
  }
  const line = JSON.stringify({ jsonrpc: "2.0", id, method, params });
  const size = utf8Length(line);
  if (size > maxBytes) {
    throw bridgeError(
      "RPC_INVALID_REQUEST",
      `${method}: the request is ${size} bytes, over the sidecar's line limit of ${maxBytes} bytes; it was not sent`,
    );
  }
  return line;
}

/** UTF-8 size of a JSON text (lone surrogates never reach here: JSON.stringify escapes them). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function loneSurrogatePath(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogatePath(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return `${path} (a key)`;
      const found = loneSurrogatePath(inner, `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
