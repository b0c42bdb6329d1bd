/** The archive calls (issue 15, S11.4): each sends its method with exactly the params the protocol names. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { aiDeleteArchived, aiListArchive, aiRestoreMemories, configureSidecar, SidecarClient, type Transport } from "../src/index.js";

/** A transport whose "process" records each request and answers it with `answer(method, params)`. */
function answering(answer: (method: string, params: unknown) => unknown): { client: SidecarClient; seen: [string, unknown][] } {
  const seen: [string, unknown][] = [];
  const transport: Transport = {
    spawn: async (events) => ({
      write: async (data) => {
        for (const line of data.split("\n").filter((l) => l.trim())) {
          const request = JSON.parse(line) as { id: number; method: string; params: unknown };
          seen.push([request.method, request.params]);
          const result = answer(request.method, request.params);
          queueMicrotask(() => events.stdout(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }) + "\n"));
        }
      },
      kill: async () => events.exit("killed"),
    }),
  };
  return { client: new SidecarClient(transport), seen };
}

const receipt = { memories: [], added: [], updated: [], evicted: [], dropped: 0, changeId: "c1", archived: [], revived: [] };

test("aiListArchive sends ai_list_archive with the options given, {} by default, and returns items and total", async () => {
  const archived = { id: "a", content: "用户叫小林", createdAt: 1, sourceScope: "global", archivedAt: 5 };
  const { client, seen } = answering(() => ({ items: [archived], total: 1 }));
  const previous = configureSidecar(client);
  try {
    assert.deepEqual(await aiListArchive(), { items: [archived], total: 1 });
    await aiListArchive({ query: "名字", limit: 10, offset: 20 });
    assert.deepEqual(seen, [["ai_list_archive", {}], ["ai_list_archive", { query: "名字", limit: 10, offset: 20 }]]);
  } finally {
    await client.stop();
    if (previous) configureSidecar(previous);
  }
});

test("aiRestoreMemories and aiDeleteArchived send the chosen ids (and a limit only when given) and return the receipt", async () => {
  const { client, seen } = answering(() => receipt);
  const previous = configureSidecar(client);
  try {
    assert.deepEqual(await aiRestoreMemories(["a", "b"]), receipt);
    await aiRestoreMemories(["a"], 200);
    assert.deepEqual(await aiDeleteArchived(["c"]), receipt);
    assert.deepEqual(seen, [
      ["ai_restore_memories", { ids: ["a", "b"] }],
      ["ai_restore_memories", { ids: ["a"], limit: 200 }],
      ["ai_delete_archived", { ids: ["c"] }],
    ]);
  } finally {
    await client.stop();
    if (previous) configureSidecar(previous);
  }
});
