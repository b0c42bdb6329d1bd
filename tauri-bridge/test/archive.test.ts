/** The archive calls (issue 15, S11.4): each sends its method with exactly the params the protocol names. */

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  aiDeleteArchived,
  aiListArchive,
  aiListMemories,
  aiMemoryContext,
  aiRemember,
  aiRestoreMemories,
  aiUndoChange,
  configureSidecar,
  SidecarClient,
  type Transport,
} from "../src/index.js";
import { nodeClient, tempConfigDir } from "./support.js";

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

test("against the real sidecar: what the limit evicts is archived, recalled by a query, restored, deleted and undone", async () => {
  const client = nodeClient(tempConfigDir(), ["--memory-limit", "10"]);
  const previous = configureSidecar(client);
  try {
    const facts = Array.from({ length: 12 }, (_, n) => `项目 p${n}x 使用 lib${n}`);
    const receipts = [];
    for (const fact of facts) receipts.push(await aiRemember(fact, "global"));
    assert.deepEqual(receipts[11].archived.map((m) => m.content), [facts[1]]);
    assert.equal((await aiListMemories()).length, 10);
    const archive = await aiListArchive();
    assert.equal(archive.total, 2);
    assert.deepEqual(archive.items.map((m) => m.content), [facts[1], facts[0]], "newest archived first");
    assert.ok(archive.items.every((m) => m.archivedAt >= m.createdAt));
    const recalled = await aiMemoryContext({ query: "p0x 用的是什么库" });
    assert.ok(recalled.content?.includes(facts[0]), "an archived memory that answers the query is injected");
    assert.ok(!(await aiMemoryContext()).content?.includes(facts[0]), "without a query the active store only");
    const restored = await aiRestoreMemories([archive.items[1].id]);
    assert.deepEqual(restored.revived.map((m) => [m.id, m.createdAt]), [[archive.items[1].id, archive.items[1].createdAt]]);
    assert.deepEqual(restored.archived.map((m) => m.content), [facts[2]]);
    await aiUndoChange(restored.changeId!);
    assert.equal((await aiListArchive({ query: "p0x" })).items[0].id, archive.items[1].id, "best match first");
    const deleted = await aiDeleteArchived([archive.items[0].id]);
    assert.equal((await aiListArchive()).total, 1);
    await aiUndoChange(deleted.changeId!);
    assert.equal((await aiListArchive()).total, 2);
  } finally {
    await client.stop();
    if (previous) configureSidecar(previous);
  }
});
