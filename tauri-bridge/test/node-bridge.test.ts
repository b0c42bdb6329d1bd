/** The bridge over the Node transport, driving the real Python sidecar. */

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  aiClearMemories,
  aiExtractMemories,
  aiListMemories,
  aiMemoryContext,
  aiMergeMemories,
  aiSaveMemories,
  configureSidecar,
  errorPrefix,
  maybeExtractMemories,
  type SidecarClient,
} from "../src/index.js";
import { completion, FakeOpenAI, memory, nodeClient, rejection, tempConfigDir } from "./support.js";

const llm = new FakeOpenAI();
let client: SidecarClient;

before(async () => {
  await llm.start();
  client = nodeClient(tempConfigDir(), ["--base-url", llm.baseUrl, "--model", "m"]);
  configureSidecar(client);
});

after(async () => {
  await client.stop();
  await llm.stop();
});

test("save, list and clear keep their shapes and order", async () => {
  await aiSaveMemories([memory("b", "项目使用 pnpm", 2), memory("a", "用户偏好 zsh 😀", 1)]);
  assert.deepEqual(await aiListMemories(), [memory("a", "用户偏好 zsh 😀", 1), memory("b", "项目使用 pnpm", 2)]);
  assert.equal(await aiClearMemories(), undefined);
  assert.deepEqual(await aiListMemories(), []);
});

test("errors reach the caller as the sidecar's message string, prefix first", async () => {
  const error = await rejection(aiSaveMemories([memory("a", "x", 1), memory("a", "y", 2)]));
  assert.equal(typeof error, "string");
  assert.match(error as string, /^RPC_INVALID_PARAMS: .*\$\.items\[1\]\.id/);
  assert.equal(errorPrefix(error), "RPC_INVALID_PARAMS");
  const bad = await rejection(aiSaveMemories([{ id: "a", content: "x", createdAt: -1, sourceScope: "g" }]));
  assert.match(bad as string, /^RPC_INVALID_PARAMS: .*createdAt/);
});

test("extract, merge and context run the whole pipeline", async () => {
  await aiClearMemories();
  llm.script({ body: completion('```json\n[{"content": "用户偏好 zsh"}, {"content": "密码：hunter2"}]\n```') });
  const raw = await aiExtractMemories([{ role: "user", content: "我一直用 zsh" }]);
  assert.match(raw, /用户偏好 zsh/);
  const merged = await aiMergeMemories({ raw, sourceScope: "global", basis: [] });
  assert.deepEqual(merged.memories.map((m) => m.content), ["用户偏好 zsh"]);
  assert.equal(merged.dropped, 1);
  const context = await aiMemoryContext();
  assert.equal(context.content, "# 跨会话记忆（以下是你与用户的历史交互中记住的事实）\n\n- 用户偏好 zsh");
  assert.deepEqual([context.injected, context.omitted], [1, 0]);
});

test("a provider failure rejects with its AI_ prefix", async () => {
  llm.script({ status: 401, body: { error: { message: "bad key" } } });
  const error = await rejection(aiExtractMemories([{ role: "user", content: "hi" }], { provider: { apiKey: "k-secret" } }));
  assert.match(error as string, /^AI_HTTP: HTTP 401/);
});

test("aborting an extraction rejects CANCELLED at once and the sidecar keeps serving", async () => {
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const abort = new AbortController();
  const arrival = llm.nextArrival();
  const call = aiExtractMemories([{ role: "user", content: "slow" }], { signal: abort.signal });
  await arrival;
  const started = Date.now();
  abort.abort();
  assert.match((await rejection(call)) as string, /^CANCELLED: /);
  assert.ok(Date.now() - started < 1000);
  release();
  assert.deepEqual(await aiListMemories().then((items) => Array.isArray(items)), true);
});

test("a call with no reply in time rejects SIDECAR_TIMEOUT", async () => {
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const error = await rejection(aiExtractMemories([{ role: "user", content: "slow" }], { timeoutMs: 200 }));
  assert.match(error as string, /^SIDECAR_TIMEOUT: ai_extract_memories got no reply within 200 ms/);
  release();
});

test("a 1 MB reply with CJK and emoji arrives intact", async () => {
  const items = Array.from({ length: 1000 }, (_, i) =>
    memory(`id-${i}`, `记忆${i} ` + "用户偏好😀".repeat(39), i, "作用域".repeat(100)));
  await client.call("ai_save_memories", { items, limit: 1000 }, { timeoutMs: 30_000 });
  const listed = await aiListMemories();
  assert.ok(Buffer.byteLength(JSON.stringify(listed)) > 1_000_000);
  assert.deepEqual(listed, items.map((item) => ({ ...item, content: Array.from(item.content).slice(0, 200).join("") })));
  await aiClearMemories();
});

test("a killed sidecar fails pending calls SIDECAR_UNAVAILABLE and the next call respawns it", async () => {
  const first = await client.call("sidecar_info", {});
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const arrival = llm.nextArrival();
  const pending = aiExtractMemories([{ role: "user", content: "slow" }]);
  await arrival;
  process.kill(first.pid, "SIGKILL");
  assert.match((await rejection(pending)) as string, /^SIDECAR_UNAVAILABLE: the sidecar exited/);
  release();
  const second = await client.call("sidecar_info", {});
  assert.notEqual(second.pid, first.pid);
  assert.deepEqual(await aiListMemories(), []);
});

test("a sidecar that cannot be spawned rejects SIDECAR_UNAVAILABLE", async () => {
  const { SidecarClient } = await import("../src/client.js");
  const { NodeTransport } = await import("../src/node-transport.js");
  const broken = new SidecarClient(new NodeTransport({ command: "/nonexistent/memory-sidecar" }));
  assert.match((await rejection(broken.call("ai_list_memories", {}))) as string, /^SIDECAR_UNAVAILABLE: could not start/);
});

test("maybeExtractMemories runs list → extract → merge against the real sidecar and advances", async () => {
  await aiClearMemories();
  await aiSaveMemories([memory("keep", "用户偏好 zsh", 1), memory("gone", "用户用 vim", 2)]);
  llm.script({ body: completion('[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm 而非 npm"}]') });
  const messages = [
    { id: "u1", role: "user", content: "我们的项目".repeat(500) },
    { id: "a1", role: "assistant", content: "好的".repeat(1000) },
  ];
  const next = await maybeExtractMemories({ messages, scope: "ssh-1", turnId: "a1" });
  assert.equal(next, "a1");
  const sent = llm.seen[llm.seen.length - 1].body.messages;
  assert.equal(sent[1].content, '【已有记忆】\n["用户偏好 zsh","用户用 vim"]');
  assert.deepEqual((await aiListMemories()).map((m) => [m.content, m.sourceScope]), [
    ["用户偏好 zsh", "global"], ["用户用 vim", "global"], ["项目使用 pnpm 而非 npm", "ssh-1"]]);
  assert.equal(await maybeExtractMemories({ messages, scope: "ssh-1", turnId: "a1" }), undefined, "once per turn");
  await aiClearMemories();
});
