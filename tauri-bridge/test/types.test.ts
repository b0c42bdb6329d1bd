/**
 * Compile-time checks: `npm test` type-checks this file, and every `@ts-expect-error` below fails the
 * build if the line it guards ever compiles. The runtime test only keeps the file in the suite.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  errorPrefix,
  type ErrorPrefix,
  type MergeInput,
  type MergeParams,
  type NotificationMethod,
  type RequestMethod,
  type SidecarClient,
} from "../src/index.js";

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

test("errorPrefix narrows to the closed prefix set at run time too", () => {
  assert.equal(errorPrefix("MEMORY_IO: disk full"), "MEMORY_IO");
  assert.equal(errorPrefix("SIDECAR_TIMEOUT: x got no reply within 1 ms"), "SIDECAR_TIMEOUT");
  assert.equal(errorPrefix("NOT_A_PREFIX: something"), undefined);
  assert.equal(errorPrefix(new Error("AI_HTTP: HTTP 401")), "AI_HTTP");
  assert.equal(errorPrefix(42), undefined);
});
