/** The Tauri code path: plugin-shell's Command under mockIPC, whose double (harness/shell-double.ts) runs the real sidecar. */

import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";

import {
  aiClearMemories,
  aiExtractMemories,
  aiListMemories,
  aiMemoryContext,
  aiSaveMemories,
  configureSidecar,
  ONEDIR_COMMAND,
  SIDECAR_PROGRAM,
  SidecarClient,
  TauriTransport,
  type ClientOptions,
  type TauriTransportOptions,
} from "../src/index.js";
import { isRunning, ShellDouble, type ShellDoubleOptions } from "../harness/shell-double.js";
import { completion, FakeOpenAI, memory, rejection, tempConfigDir } from "./support.js";

(globalThis as any).window ??= globalThis;

const llm = new FakeOpenAI();
let shell: ShellDouble | undefined;
let client: SidecarClient | undefined;

before(() => llm.start());
after(() => llm.stop());

function useTauri(options: Partial<ShellDoubleOptions> = {}, transport: TauriTransportOptions = {},
                  clientOptions: ClientOptions = {}): ShellDouble {
  const env = { AI_MEMORY_BASE_URL: llm.baseUrl, AI_MEMORY_MODEL: "m", ...options.env };
  const double = new ShellDouble({ configDir: tempConfigDir(), ...options, env });
  mockIPC((cmd, args) => double.handle(cmd, args));
  shell = double;
  client = new SidecarClient(new TauriTransport(transport), clientOptions);
  configureSidecar(client);
  return double;
}

/** A promise's outcome, readable synchronously: proves a call is still pending at a given event. */
function track<T>(promise: Promise<T>): { settled: boolean; outcome: Promise<unknown> } {
  const state = { settled: false, outcome: promise.then((value) => value, (error: unknown) => error) };
  void state.outcome.then(() => (state.settled = true));
  return state;
}

afterEach(async () => {
  await client?.stop();
  shell?.killAll();
  await shell?.allClosed();
  clearMocks();
});

test("the frontend's calls work unchanged through the default one-dir command", async () => {
  const double = useTauri();
  await aiSaveMemories([memory("a", "用户偏好 zsh", 1), memory("b", "项目使用 pnpm", 2)]);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["a", "b"]);
  assert.match((await aiMemoryContext(8192)).content ?? "", /- 项目使用 pnpm$/);
  await aiClearMemories();
  assert.deepEqual(await aiListMemories(), []);
  assert.equal(double.spawns.length, 1, "one process per app, spawned lazily");
  const [spawned] = double.spawns;
  assert.equal(spawned.program, ONEDIR_COMMAND);
  assert.notEqual(spawned.options.sidecar, true, "spawned by path from the resources, not as externalBin");
  assert.equal(spawned.args[0], "--config-dir");
  assert.equal(spawned.options.encoding, "utf-8");
});

test("the one-file fallback runs Command.sidecar with the externalBin name", async () => {
  const double = useTauri({}, { layout: "onefile" });
  await aiSaveMemories([memory("a", "用户偏好 zsh", 1)]);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["a"]);
  assert.equal(double.spawns[0].program, SIDECAR_PROGRAM);
  assert.equal(double.spawns[0].options.sidecar, true);
});

test("arguments the capability does not list are dropped, as the plugin's scope does", async () => {
  const configDir = tempConfigDir();
  const double = useTauri({}, { configDir, extraArgs: ["--memory-limit", "10"] });
  const info = await client!.call("sidecar_info", {});
  assert.deepEqual(double.spawns[0].args, ["--config-dir", configDir]);
  assert.equal(info.configDir, configDir);
  const items = Array.from({ length: 20 }, (_, i) => memory(`m${i}`, `记忆 ${i}`, i));
  await aiSaveMemories(items);
  assert.equal((await aiListMemories()).length, 20, "the dropped --memory-limit 10 did not apply");
});

test("errors reach the caller verbatim through the shell plugin", async () => {
  useTauri();
  const error = await rejection(aiSaveMemories([memory("", "x", 1)]));
  assert.match(error as string, /^RPC_INVALID_PARAMS: .*\$\.items\[0\]\.id/);
});

test("CRLF output whose \\r\\n arrives as two events is reassembled", async () => {
  const double = useTauri({ crlf: true, readEndsAfterCr: true });
  await aiSaveMemories([memory("a", "用户偏好 zsh 😀", 1)]);
  assert.deepEqual(await aiListMemories(), [memory("a", "用户偏好 zsh 😀", 1)]);
  const stdout = double.log.filter((entry) => entry.event === "Stdout").map((entry) => entry.payload);
  assert.ok(stdout.length >= 4 && stdout.includes("\n") && stdout.some((line) => String(line).endsWith("}\r")),
            JSON.stringify(stdout));
});

test("stderr lines reach onStderr one by one, and a sidecar that exits at start rejects SIDECAR_UNAVAILABLE", async () => {
  const lines: string[] = [];
  const double = useTauri({ env: { AI_MEMORY_TIMEOUT: "bogus" } }, { onStderr: (line) => lines.push(line) });
  const error = await rejection(aiListMemories());
  assert.match(error as string, /^SIDECAR_UNAVAILABLE: .*code 2/);
  assert.ok(double.events.includes("Stderr"));
  assert.ok(lines.every((line) => line.endsWith("\n") && line.indexOf("\n") === line.length - 1), JSON.stringify(lines));
  assert.ok(lines.includes("memory-sidecar: error: AI_MEMORY_TIMEOUT must be a positive number of seconds\n"),
            JSON.stringify(lines));
});

test("close after the last line (the plugin's order): the shutdown reply settles and the stop is clean", async () => {
  const double = useTauri();
  await aiListMemories();
  const spawned = double.spawns[0].pid;
  assert.equal(await client!.call("sidecar_shutdown", {}), null);
  await client!.stop();
  const mine = double.log.filter((entry) => entry.pid === spawned).map((entry) => entry.event);
  assert.equal(mine[mine.length - 1], "Terminated", mine.join(","));
  assert.deepEqual(double.log.find((e) => e.pid === spawned && e.event === "Terminated")?.payload, { code: 0, signal: null });
  assert.deepEqual(double.tracked(), []);
});

test("a reply delivered after close still settles its call; the stop is clean", async () => {
  const double = useTauri({ closeOvertakesLastLine: true });
  await aiListMemories();
  const spawned = double.spawns[0].pid;
  assert.equal(await client!.call("sidecar_shutdown", {}), null);
  await client!.stop();
  const mine = double.log.filter((entry) => entry.pid === spawned).map((entry) => entry.event);
  assert.ok(mine.indexOf("Terminated") >= 0 && mine.indexOf("Terminated") < mine.lastIndexOf("Stdout"), mine.join(","));
  assert.deepEqual(double.tracked(), []);
});

test("a sidecar that dies mid-call fails it SIDECAR_UNAVAILABLE and the next call respawns", async () => {
  const double = useTauri();
  const first = await client!.call("sidecar_info", {});
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const arrival = llm.nextArrival();
  const pending = aiExtractMemories([{ role: "user", content: "slow" }]);
  await arrival;
  process.kill(first.pid, "SIGKILL");
  assert.match((await rejection(pending)) as string, /^SIDECAR_UNAVAILABLE: the sidecar exited/);
  release();
  const second = await client!.call("sidecar_info", {});
  assert.notEqual(second.pid, first.pid);
  assert.equal(double.spawns.length, 2);
});

test("kill() reaches only the bootloader: the worker answers what it holds on EOF, close comes late with signal 9", async () => {
  const double = useTauri({ bootloader: true, holdClose: true });
  const info = await client!.call("sidecar_info", {});
  const spawned = double.spawns[0].pid;
  assert.notEqual(info.pid, spawned, "the Python worker is a child of the spawned process");
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const arrival = llm.nextArrival();
  const extraction = aiExtractMemories([{ role: "user", content: "slow" }]);
  await arrival;
  await double.handle("plugin:shell|kill", { cmd: "killChild", pid: spawned });
  assert.match((await rejection(extraction)) as string, /^CANCELLED: /, "the orphaned worker read EOF and answered");
  release();
  // The plugin no longer tracks the child: this write resolves and goes nowhere; close settles the call.
  const list = track(aiListMemories());
  await double.until(() => double.droppedWrites.length === 1);
  assert.equal(list.settled, false);
  double.releaseClose();
  assert.match((await list.outcome) as string, /^SIDECAR_UNAVAILABLE: the sidecar exited \(signal 9\)/);
  assert.deepEqual(double.log.find((e) => e.pid === spawned && e.event === "Terminated")?.payload, { code: null, signal: 9 });
  assert.equal(isRunning(info.pid), false, "close came only once the worker had exited");
});

test("an error event kills the sidecar, and the next one starts only after the old worker's close", async () => {
  const double = useTauri({ bootloader: true });
  const info = await client!.call("sidecar_info", {});
  const first = double.spawns[0].pid;
  let release!: () => void;
  llm.script({ body: completion("[]"), hold: new Promise<void>((done) => (release = done)) });
  const arrival = llm.nextArrival();
  const extraction = aiExtractMemories([{ role: "user", content: "slow" }]);
  await arrival;
  double.failStdoutRead(first);
  assert.match((await rejection(extraction)) as string, /^SIDECAR_UNAVAILABLE: the sidecar's output could not be read/);
  release();
  const again = await client!.call("sidecar_info", {});
  assert.notEqual(again.pid, info.pid);
  const closedAt = double.log.findIndex((e) => e.pid === first && e.event === "Terminated");
  const secondSpawn = double.spawns[1];
  assert.ok(closedAt >= 0 && closedAt < secondSpawn.logLength, "the old process closed before the new one spawned");
  assert.equal(isRunning(info.pid), false);
});

test("when close never comes, a respawn waits at most exitWaitMs", async () => {
  const double = useTauri({ holdClose: true }, {}, { exitWaitMs: 100 });
  await client!.call("sidecar_info", {});
  double.failStdoutRead(double.spawns[0].pid);
  await double.until(() => double.tracked().length === 0);
  const again = await client!.call("sidecar_info", {});
  assert.equal(double.spawns.length, 2);
  assert.equal(again.pid > 0, true);
  assert.equal(double.closed(double.spawns[0].pid), false, "the old close is still held");
});

test("stop() while a respawn waits for the dead process's late close: nothing is spawned and the waiting call rejects SIDECAR_UNAVAILABLE (issue 14.4)", async () => {
  const double = useTauri({ holdClose: true });
  await client!.call("sidecar_info", {});
  const first = double.spawns[0].pid;
  double.failStdoutRead(first);
  await double.until(() => double.tracked().length === 0);
  // Dead but not closed: this call's respawn waits for the old process's close (SPEC S8.2: it can come late).
  const waiting = track(client!.call("sidecar_info", {}));
  const stopping = client!.stop();
  assert.equal(client!.state, "stopping");
  double.releaseClose();
  await stopping;
  assert.match((await waiting.outcome) as string, /^SIDECAR_UNAVAILABLE: /);
  assert.equal(double.spawns.length, 1, "no sidecar was started after stop()");
  assert.deepEqual(double.tracked(), []);
  assert.equal(client!.state, "stopped");
  assert.match((await rejection(client!.call("sidecar_info", {}))) as string, /^SIDECAR_UNAVAILABLE: /);
  assert.equal(double.spawns.length, 1);
});
