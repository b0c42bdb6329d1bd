/** The bridge over the Node transport, driving the real Python sidecar. */

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { after, before, test } from "node:test";

import {
  aiClearMemories,
  aiDeleteMemories,
  aiEditMemory,
  aiExtractMemories,
  aiForgetHistory,
  aiListMemories,
  aiMemoryContext,
  aiMemoryHistory,
  aiMergeMemories,
  aiRemember,
  aiSaveMemories,
  aiSearchMemories,
  aiUndoChange,
  configureSidecar,
  errorPrefix,
  maybeExtractMemories,
  SidecarClient,
  type ClientOptions,
  type Transport,
} from "../src/index.js";
import { NodeTransport } from "../src/node.js";
import { completion, FakeOpenAI, memory, nodeClient, python, REPO, rejection, sidecarCommand, sidecarEnv, tempConfigDir } from "./support.js";

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

test("aborting an extraction is answered CANCELLED by the sidecar, which keeps serving", async () => {
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const abort = new AbortController();
  const arrival = llm.nextArrival();
  const call = aiExtractMemories([{ role: "user", content: "slow" }], { signal: abort.signal });
  await arrival;
  abort.abort();
  // The model's reply is still held, so this rejection cannot be the model answering late.
  assert.match((await rejection(call)) as string, /^CANCELLED: /);
  release();
  assert.ok(Array.isArray(await aiListMemories()));
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
    memory(`id-${i}`, `记忆${i} ` + "用户偏好😀".repeat(39), i, "作用域".repeat(42)));
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

test("maybeExtractMemories makes one ai_remember_conversation call against the real sidecar and advances", async () => {
  await aiClearMemories();
  await aiSaveMemories([memory("keep", "用户偏好 zsh", 1), memory("other", "用户用 vim 写代码", 2)]);
  llm.script({ body: completion('[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm 而非 npm"}]') });
  const messages = [
    { id: "u1", role: "user", content: "我在终端里一直用 zsh，".repeat(250) },
    { id: "a1", role: "assistant", content: "好的，记住了。".repeat(300) },
  ];
  const before = llm.seen.length;
  const outcome = await maybeExtractMemories({ messages, scope: "ssh-1", turnId: "a1" });
  assert.equal(outcome.extractedUpTo, "a1");
  assert.equal(llm.seen.length, before + 1, "one model call");
  const sent = llm.seen[llm.seen.length - 1].body.messages;
  assert.equal(sent[1].content, '【已有记忆】\n["用户偏好 zsh"]', "the sidecar chose the relevant known memory");
  assert.deepEqual(outcome.receipt?.added.map((m) => [m.content, m.sourceScope]), [["项目使用 pnpm 而非 npm", "ssh-1"]]);
  assert.equal(typeof outcome.receipt?.changeId, "string");
  assert.deepEqual((await aiListMemories()).map((m) => [m.content, m.sourceScope]), [
    ["用户偏好 zsh", "global"], ["用户用 vim 写代码", "global"], ["项目使用 pnpm 而非 npm", "ssh-1"]]);
  const requests = llm.seen.length;
  assert.deepEqual(await maybeExtractMemories({ messages, scope: "ssh-1", turnId: "a1" }),
                   { extractedUpTo: undefined, receipt: null });
  assert.equal(llm.seen.length, requests, "once per turn: the same turn never reaches the model again");
  await aiClearMemories();
});

test("aiDeleteMemories takes out only the chosen ids, keeps a memory learnt after the list, and undoes", async () => {
  await aiClearMemories();
  await aiSaveMemories([memory("a", "用户偏好 zsh", 1), memory("b", "项目使用 pnpm", 2)]);
  const listed = await aiListMemories();
  const learnt = await aiRemember("The user's editor is Helix", "global");
  const receipt = await aiDeleteMemories([listed[0].id, "never-stored"]);
  assert.deepEqual(receipt.removed.map((m) => m.id), ["a"]);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["b", learnt.added[0].id]);
  assert.equal((await aiMemoryHistory(1)).changes[0].kind, "delete");
  await aiUndoChange(receipt.changeId!);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["a", "b", learnt.added[0].id]);
  const nothing = await aiDeleteMemories(["never-stored"]);
  assert.deepEqual([nothing.removed, nothing.changeId], [[], null]);
  await aiClearMemories();
});

test("aiEditMemory rewrites one memory by id against the real sidecar, undoes, and rejects a gone id with its prefix", async () => {
  await aiClearMemories();
  await aiSaveMemories([memory("a", "用户住在厦门", 1), memory("b", "项目使用 pnpm", 2)]);
  const receipt = await aiEditMemory("a", "用户住在青岛");
  assert.deepEqual(receipt.updated.map((u) => [u.before.content, u.after.content]), [["用户住在厦门", "用户住在青岛"]]);
  assert.deepEqual((await aiListMemories()).map((m) => [m.id, m.content]), [["b", "项目使用 pnpm"], ["a", "用户住在青岛"]]);
  assert.equal((await aiMemoryHistory(1)).changes[0].kind, "edit");
  await aiUndoChange(receipt.changeId!);
  assert.deepEqual((await aiListMemories()).map((m) => m.content), ["用户住在厦门", "项目使用 pnpm"]);
  await assert.rejects(aiEditMemory("never-stored", "x"), (e: unknown) => /^RPC_INVALID_PARAMS: .*\$\.id/.test(String(e)));
  await assert.rejects(aiEditMemory("a", "用户住在大连", "用户住在青岛"),
                       (e: unknown) => /^RPC_INVALID_PARAMS: .*\$\.expected/.test(String(e)), "the memory says 厦门 again");
  assert.equal((await aiEditMemory("a", "用户住在大连", "用户住在厦门")).updated[0].after.content, "用户住在大连");
  await aiClearMemories();
});

test("remember, search, history, undo and forget work end to end", async () => {
  await aiClearMemories();
  await aiForgetHistory();
  const first = await aiRemember("用户偏好 zsh", "global");
  assert.deepEqual(first.added.map((m) => m.content), ["用户偏好 zsh"]);
  const second = await aiRemember("项目使用 pnpm", "proj");
  const found = await aiSearchMemories("pnpm");
  assert.deepEqual(found.items.map((hit) => hit.memory.content), ["项目使用 pnpm"]);
  assert.ok(found.items[0].score > 0);
  assert.equal((await aiSearchMemories("zsh", 1)).items.length, 1);
  const history = await aiMemoryHistory(10);
  assert.deepEqual(history.changes.map((change) => [change.kind, change.changeId]),
                   [["remember", second.changeId], ["remember", first.changeId]]);
  assert.equal((await aiMemoryHistory(1)).changes.length, 1);
  const undone = await aiUndoChange(second.changeId!);
  assert.deepEqual(undone.removed.map((m) => m.content), ["项目使用 pnpm"]);
  assert.equal(undone.conflicts, 0);
  assert.deepEqual((await aiListMemories()).map((m) => m.content), ["用户偏好 zsh"]);
  await aiForgetHistory();
  assert.deepEqual((await aiMemoryHistory()).changes, []);
  await aiClearMemories();
});

test("aiMemoryContext takes a query (most relevant first) or, as before, a bare byte budget", async () => {
  await aiClearMemories();
  // Three memories of one size; the budget holds one line and the note about the other two.
  await aiSaveMemories([memory("z", "用户偏好 zsh 作为默认外壳程序", 1), memory("p", "项目使用 npm 作为默认包管理器", 2),
                        memory("d", "主题颜色 dim 作为默认配色方案", 3)]);
  const budget = Buffer.byteLength("# 跨会话记忆（以下是你与用户的历史交互中记住的事实）\n\n- 用户偏好 zsh 作为默认外壳程序"
                                   + "\n\n（其余 2 条记忆因总量超限未注入）");
  const relevant = await aiMemoryContext({ budgetBytes: budget, query: "zsh 怎么配置" });
  assert.deepEqual(relevant.ids, ["z"]);
  const newest = await aiMemoryContext(budget);
  assert.deepEqual(newest.ids, ["d"], "without a query the newest go in, as before");
  assert.equal((await aiMemoryContext()).injected, 3);
  await aiClearMemories();
});

/** A NodeTransport that records every line written to the sidecar. */
function recordingClient(extraArgs: string[], options: ClientOptions = {}): { client: SidecarClient; written: string[] } {
  const { command, args } = sidecarCommand(["--config-dir", tempConfigDir(), "--base-url", llm.baseUrl, "--model", "m",
                                            ...extraArgs]);
  const inner = new NodeTransport({ command, args, env: sidecarEnv(), cwd: REPO });
  const written: string[] = [];
  const transport: Transport = {
    spawn: async (events) => {
      const process = await inner.spawn(events);
      return { write: (data) => (written.push(data), process.write(data)), kill: () => process.kill() };
    },
  };
  return { client: new SidecarClient(transport, options), written };
}

test("an oversize request is refused before it is written, with a clear RPC_INVALID_REQUEST", async () => {
  const { client: small, written } = recordingClient([], { maxRequestBytes: 2_000 });
  try {
    const error = await rejection(small.call("ai_save_memories", { items: [memory("a", "字".repeat(1_000), 1)] }));
    assert.match(error as string, /^RPC_INVALID_REQUEST: ai_save_memories: the request is \d+ bytes, over the sidecar's line limit of 2000 bytes; it was not sent$/);
    assert.deepEqual(written, [], "nothing was written, not even a spawn was needed");
    await small.call("ai_save_memories", { items: [memory("a", "字".repeat(100), 1)] });
    assert.equal(written.length, 1);
  } finally {
    await small.stop();
  }
});

test("a string with a lone surrogate is refused with its path instead of waiting for an id-less RPC_PARSE", async () => {
  const { client: strict, written } = recordingClient([]);
  try {
    const error = await rejection(strict.call("ai_save_memories", { items: [memory("a", "ok", 1), memory("b", "bad\uD800", 2)] }));
    assert.match(error as string, /^RPC_INVALID_PARAMS: ai_save_memories: \$\.items\[1\]\.content holds a lone UTF-16 surrogate/);
    assert.deepEqual(written, []);
    await strict.call("ai_save_memories", { items: [memory("a", "😀 paired surrogates are text", 1)] });
  } finally {
    await strict.stop();
  }
});

test("an id-null error settles the only pending call at once", async () => {
  // The sidecar's cap is below the client's, so the sidecar answers RPC_INVALID_REQUEST with id null.
  const { client: mismatched } = recordingClient(["--max-line-bytes", "1000"]);
  try {
    const error = await rejection(mismatched.call("ai_save_memories", { items: [memory("a", "字".repeat(400), 1)] },
                                                  { timeoutMs: 60_000 }));
    assert.match(error as string, /^RPC_INVALID_REQUEST: .*exceeds the size cap/);
  } finally {
    await mismatched.stop();
  }
});

test("with several calls pending an id-null error is not pinned on a guess: each settles by its own reply or timeout", async () => {
  const { client: mismatched } = recordingClient(["--max-line-bytes", "1000"]);
  try {
    let release!: () => void;
    llm.script({ body: completion('[{"content": "x"}]'), hold: new Promise<void>((done) => (release = done)) });
    const arrival = llm.nextArrival();
    const extraction = mismatched.call("ai_extract_memories", { messages: [{ role: "user", content: "slow" }] });
    await arrival;
    const oversize = await rejection(mismatched.call("ai_save_memories", { items: [memory("a", "字".repeat(400), 1)] },
                                                     { timeoutMs: 300 }));
    assert.match(oversize as string, /^SIDECAR_TIMEOUT: ai_save_memories got no reply within 300 ms/);
    release();
    assert.equal(await extraction, '[{"content": "x"}]', "the unrelated call was not rejected");
  } finally {
    await mismatched.stop();
  }
});

test("the model-calling methods get extractTimeoutMs, the others timeoutMs", async () => {
  const { client: quick } = recordingClient([], { timeoutMs: 60_000, extractTimeoutMs: 150 });
  try {
    let release!: () => void;
    llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
    const error = await rejection(quick.call("ai_extract_memories", { messages: [{ role: "user", content: "slow" }] }));
    assert.match(error as string, /^SIDECAR_TIMEOUT: ai_extract_memories got no reply within 150 ms/);
    release();
    assert.deepEqual(await quick.call("ai_list_memories", {}), []);
  } finally {
    await quick.stop();
  }
});

test("a write that fails rejects that call only; the process is judged by close, not by the write", async () => {
  const { command, args } = sidecarCommand(["--config-dir", tempConfigDir()]);
  const inner = new NodeTransport({ command, args, env: sidecarEnv(), cwd: REPO });
  let failNext = false;
  const transport: Transport = {
    spawn: async (events) => {
      const process = await inner.spawn(events);
      return {
        write: (data) => (failNext ? ((failNext = false), Promise.reject(new Error("shell.stdin_write not allowed"))) : process.write(data)),
        kill: () => process.kill(),
      };
    },
  };
  const flaky = new SidecarClient(transport);
  try {
    const before = await flaky.call("sidecar_info", {});
    failNext = true;
    assert.match((await rejection(flaky.call("ai_list_memories", {}))) as string,
                 /^SIDECAR_UNAVAILABLE: could not write to the sidecar: shell.stdin_write not allowed/);
    const after = await flaky.call("sidecar_info", {});
    assert.equal(after.pid, before.pid, "no respawn: the process never said it died");
  } finally {
    await flaky.stop();
  }
});


test("aborting a save already waiting for the store settles with the save, never a false CANCELLED", async () => {
  const dir = tempConfigDir();
  const own = nodeClient(dir);
  const lockPath = join(dir, "ai", "memory", "memory.json.lock");
  mkdirSync(dirname(lockPath), { recursive: true });
  const holder = spawn(python(), ["-c", "import filelock, sys; lock = filelock.FileLock(sys.argv[1]); lock.acquire(); "
                                  + "print('held', flush=True); sys.stdin.read()", lockPath],
                       { stdio: ["pipe", "pipe", "inherit"], env: sidecarEnv() });
  try {
    const [line] = await once(createInterface({ input: holder.stdout! }), "line");
    assert.equal(line, "held");
    const abort = new AbortController();
    const saving = own.call("ai_save_memories", { items: [memory("a", "用户偏好 zsh", 1)] }, { signal: abort.signal });
    // Answered at once while the save waits for the lock: proves the save's line was read before it.
    await own.call("sidecar_info", {});
    abort.abort();
    holder.stdin!.end();
    assert.equal(await saving, null);
    assert.deepEqual((await own.call("ai_list_memories", {})).map((m) => m.id), ["a"]);
  } finally {
    holder.kill();
    await own.stop();
  }
});

test("an abort while the sidecar is still starting rejects CANCELLED and sends nothing", async () => {
  const dir = tempConfigDir();
  const { command, args } = sidecarCommand(["--config-dir", dir]);
  const inner = new NodeTransport({ command, args, env: sidecarEnv(), cwd: REPO });
  let letSpawn!: () => void;
  const gate = new Promise<void>((open) => (letSpawn = open));
  let spawning!: () => void;
  const started = new Promise<void>((begun) => (spawning = begun));
  const slow: Transport = {
    async spawn(events) {
      spawning();
      await gate;
      return inner.spawn(events);
    },
  };
  const own = new SidecarClient(slow);
  try {
    const abort = new AbortController();
    const call = own.call("ai_save_memories", { items: [memory("z", "用户偏好 zsh", 1)] }, { signal: abort.signal });
    await started;
    abort.abort();
    letSpawn();
    assert.match((await rejection(call)) as string, /^CANCELLED: aborted by the caller before it was sent/);
    assert.deepEqual(await own.call("ai_list_memories", {}), []);
  } finally {
    await own.stop();
  }
});

