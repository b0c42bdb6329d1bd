import assert from "node:assert/strict";
import { test } from "node:test";

import type { MergeResult } from "../src/generated/protocol.js";
import { MemoryExtractor, pendingMessages, roundMessages, type ChatMessage, type MemoryApi } from "../src/trigger.js";

function chat(count: number, size: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: "字".repeat(size) }));
}

const RECEIPT: MergeResult = { memories: [], added: [], updated: [], evicted: [], dropped: 0, changeId: "c1", archived: [], revived: [] };

function fakeApi(log: string[], fail = false): MemoryApi {
  return {
    rememberConversation: async (input) => {
      log.push(`remember:${input.messages.map((m) => m.role).join(",")}:${input.sourceScope}`);
      if (fail) throw "AI_NETWORK: could not reach the model";
      return RECEIPT;
    },
  };
}

test("below 4000 pending characters nothing happens", async () => {
  const log: string[] = [];
  const outcome = await new MemoryExtractor(fakeApi(log)).maybeExtract({ messages: chat(3, 1000), scope: "global", turnId: "t1" });
  assert.deepEqual(outcome, { extractedUpTo: undefined, receipt: null });
  assert.deepEqual(log, []);
});

test("at 4000 pending characters one remember-conversation call runs and the window advances", async () => {
  const log: string[] = [];
  const outcome = await new MemoryExtractor(fakeApi(log)).maybeExtract({ messages: chat(4, 1000), scope: "ssh-1", turnId: "t1" });
  assert.deepEqual(outcome, { extractedUpTo: "m3", receipt: RECEIPT });
  assert.deepEqual(log, ["remember:user,assistant,user,assistant:ssh-1"]);
});

test("only characters after extractedUpTo count", async () => {
  const log: string[] = [];
  const extractor = new MemoryExtractor(fakeApi(log));
  const outcome = await extractor.maybeExtract({ messages: chat(6, 1000), extractedUpTo: "m2", scope: "g", turnId: "t" });
  assert.deepEqual(outcome, { extractedUpTo: "m2", receipt: null });
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
  assert.deepEqual([a.extractedUpTo, b.extractedUpTo], ["m3", undefined]);
  assert.equal((await extractor.maybeExtract(turn)).receipt, null, "same turn again is skipped");
  assert.equal((await extractor.maybeExtract({ ...turn, turnId: "t3", enabled: false })).receipt, null);
  assert.equal(log.length, 1);
});

test("a failure is warned about and returned, and extractedUpTo stays", async () => {
  const warnings: string[] = [];
  const extractor = new MemoryExtractor(fakeApi([], true), 4000, (message) => warnings.push(message));
  const outcome = await extractor.maybeExtract({ messages: chat(5, 1000), extractedUpTo: "m0", scope: "g", turnId: "t" });
  assert.deepEqual(outcome, { extractedUpTo: "m0", receipt: null, error: "AI_NETWORK: could not reach the model" });
  assert.deepEqual(warnings, ["memory extraction skipped: AI_NETWORK: could not reach the model"]);
});

test("more pending than one round holds: the oldest whole messages go first and the rest in the next rounds", async () => {
  const log: string[] = [];
  const extractor = new MemoryExtractor(fakeApi(log));
  const messages = chat(10, 1000);
  let extractedUpTo: string | undefined;
  const rounds: (string | undefined)[] = [];
  for (const turnId of ["t1", "t2", "t3", "t4"]) {
    ({ extractedUpTo } = await extractor.maybeExtract({ messages, extractedUpTo, scope: "g", turnId, inputBudgetChars: 4500 }));
    rounds.push(extractedUpTo);
  }
  assert.deepEqual(rounds, ["m3", "m7", "m7", "m7"], "4 + 4 messages sent; the last 2 wait for more to pend");
  assert.deepEqual(log, ["remember:user,assistant,user,assistant:g", "remember:user,assistant,user,assistant:g"]);
});

test("a round always holds at least the oldest pending message, however long", () => {
  assert.deepEqual(roundMessages(chat(3, 50_000), 24_000).map((m) => m.id), ["m0"]);
  assert.deepEqual(roundMessages(chat(3, 10), 24_000).map((m) => m.id), ["m0", "m1", "m2"]);
  assert.deepEqual(roundMessages([], 24_000), []);
});
