import assert from "node:assert/strict";
import { test } from "node:test";

import { MemoryExtractor, pendingMessages, type ChatMessage, type MemoryApi } from "../src/trigger.js";

function chat(count: number, size: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: "字".repeat(size) }));
}

function fakeApi(log: string[], fail = false): MemoryApi {
  return {
    list: async () => {
      log.push("list");
      return [{ id: "x", content: "用户偏好 zsh", createdAt: 1, sourceScope: "global" }];
    },
    extract: async (messages) => {
      log.push(`extract:${messages.length}:${String(messages[0].content).split("\n")[0]}`);
      if (fail) throw "AI_NETWORK: could not reach the model";
      return "[]";
    },
    merge: async (input) => {
      log.push(`merge:${JSON.stringify(input.basis)}`);
      return { memories: [], added: [], dropped: 0 };
    },
  };
}

test("below 4000 pending characters nothing happens", async () => {
  const log: string[] = [];
  const next = await new MemoryExtractor(fakeApi(log)).maybeExtract({ messages: chat(3, 1000), scope: "global", turnId: "t1" });
  assert.equal(next, undefined);
  assert.deepEqual(log, []);
});

test("at 4000 pending characters it lists, extracts with 已有记忆, merges with basis, and advances", async () => {
  const log: string[] = [];
  const next = await new MemoryExtractor(fakeApi(log)).maybeExtract({ messages: chat(4, 1000), scope: "global", turnId: "t1" });
  assert.equal(next, "m3");
  assert.deepEqual(log, ["list", "extract:5:【已有记忆】", 'merge:["用户偏好 zsh"]']);
});

test("only characters after extractedUpTo count", async () => {
  const log: string[] = [];
  const extractor = new MemoryExtractor(fakeApi(log));
  const next = await extractor.maybeExtract({ messages: chat(6, 1000), extractedUpTo: "m2", scope: "g", turnId: "t" });
  assert.equal(next, "m2");
  assert.deepEqual(log, []);
});

test("the window ends at summaryUpTo when set", () => {
  assert.deepEqual(pendingMessages({ messages: chat(6, 1), extractedUpTo: "m1", summaryUpTo: "m3" }).map((m) => m.id),
                   ["m2", "m3"]);
  assert.deepEqual(pendingMessages({ messages: chat(3, 1) }).map((m) => m.id), ["m0", "m1", "m2"]);
});

test("at most once per completed turn, never re-entrant, and disabled means off", async () => {
  const log: string[] = [];
  const extractor = new MemoryExtractor(fakeApi(log));
  const turn = { messages: chat(4, 1000), scope: "global", turnId: "t1" };
  const [a, b] = await Promise.all([extractor.maybeExtract(turn), extractor.maybeExtract({ ...turn, turnId: "t2" })]);
  assert.deepEqual([a, b], ["m3", undefined]);
  assert.equal(await extractor.maybeExtract(turn), undefined, "same turn again is skipped");
  assert.equal(await extractor.maybeExtract({ ...turn, turnId: "t3", enabled: false }), undefined);
  assert.equal(log.filter((entry) => entry === "list").length, 1);
});

test("a failure is swallowed with a warning and extractedUpTo stays", async () => {
  const warnings: string[] = [];
  const extractor = new MemoryExtractor(fakeApi([], true), 4000, (message) => warnings.push(message));
  const next = await extractor.maybeExtract({ messages: chat(5, 1000), extractedUpTo: "m0", scope: "g", turnId: "t" });
  assert.equal(next, "m0");
  assert.deepEqual(warnings, ["memory extraction skipped: AI_NETWORK: could not reach the model"]);
});
