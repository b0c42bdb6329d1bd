/**
 * Compile-time checks: `npm test` type-checks this file, and every `@ts-expect-error` below fails the
 * build if the line it guards ever compiles. The runtime test only keeps the file in the suite.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  CANCELLABLE_METHODS,
  CLAMPED_LIMITS,
  DEFAULT_MAX_REQUEST_BYTES,
  errorPrefix,
  LONG_RUNNING_METHODS,
  MAX_SCOPE_CHARS,
  type Change,
  type ContextResult,
  type ErrorPrefix,
  type MemoryItem,
  type MergeInput,
  type MergeParams,
  type NotificationMethod,
  type RequestMethod,
  type SidecarClient,
} from "../src/index.js";
import { REPO } from "./support.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

export function callSites(client: SidecarClient): void {
  void client.call("ai_list_memories", {});
  // @ts-expect-error a notification is never answered, so it cannot be called
  void client.call("$/cancelRequest", { id: 1 });
  // @ts-expect-error unknown methods do not compile
  void client.call("ai_no_such_method", {});
  // @ts-expect-error params are checked against the generated types
  void client.call("ai_save_memories", { items: [{ id: "a" }] });
}

expectType<Equal<ReturnType<typeof errorPrefix>, ErrorPrefix | undefined>>();
expectType<Equal<MergeInput, MergeParams>>();
expectType<Equal<NotificationMethod, "$/cancelRequest">>();
expectType<Equal<Extract<RequestMethod, "$/cancelRequest">, never>>();
// Always on the wire, so never optional for the app (issue 19.8).
expectType<Equal<Change["added"], MemoryItem[]>>();
expectType<Equal<ContextResult["ids"], string[]>>();
// @ts-expect-error a Change without its lists is not what the sidecar sends
export const partialChange: Change = { changeId: "c", at: 1, kind: "save" };

test("the method sets and bounds the bridge uses are the protocol table's, as generated (issue 14)", () => {
  const schema = JSON.parse(readFileSync(join(REPO, "protocol", "schema.json"), "utf8"));
  const flagged = (flag: string): string[] =>
    Object.entries(schema.methods as Record<string, Record<string, unknown>>)
      .filter(([, method]) => method[flag] === true).map(([name]) => name).sort();
  assert.deepEqual([...LONG_RUNNING_METHODS].sort(), flagged("callsModel"));
  assert.deepEqual([...CANCELLABLE_METHODS].sort(), flagged("cancellable"));
  assert.ok(LONG_RUNNING_METHODS.size > 0 && CANCELLABLE_METHODS.size > 0);
  assert.equal(DEFAULT_MAX_REQUEST_BYTES, schema.bounds.DEFAULT_MAX_LINE_BYTES);
  assert.equal(MAX_SCOPE_CHARS, schema.bounds.MAX_SCOPE_CHARS);
  assert.deepEqual(CLAMPED_LIMITS.historyLimit, schema.bounds.historyLimit);
});

test("errorPrefix narrows to the closed prefix set at run time too", () => {
  assert.equal(errorPrefix("MEMORY_IO: disk full"), "MEMORY_IO");
  assert.equal(errorPrefix("SIDECAR_TIMEOUT: x got no reply within 1 ms"), "SIDECAR_TIMEOUT");
  assert.equal(errorPrefix("NOT_A_PREFIX: something"), undefined);
  assert.equal(errorPrefix(new Error("AI_HTTP: HTTP 401")), "AI_HTTP");
  assert.equal(errorPrefix(42), undefined);
});
