/** The Tauri code path: plugin-shell's Command.sidecar under mockIPC, which spawns the real sidecar. */

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";

import {
  aiClearMemories,
  aiListMemories,
  aiMemoryContext,
  aiSaveMemories,
  configureSidecar,
  ONEDIR_COMMAND,
  SidecarClient,
  TauriTransport,
  type TauriTransportOptions,
} from "../src/index.js";
import { memory, rejection, ShellMock, tempConfigDir } from "./support.js";

(globalThis as any).window ??= globalThis;

let mock: ShellMock | undefined;
let client: SidecarClient | undefined;

function useTauri(options: Partial<ConstructorParameters<typeof ShellMock>[0]> = {},
                  transport: TauriTransportOptions = {}): ShellMock {
  const shell = new ShellMock({ configDir: tempConfigDir(), ...options });
  mockIPC((cmd, args) => shell.handle(cmd, args));
  mock = shell;
  client = new SidecarClient(new TauriTransport(transport));
  configureSidecar(client);
  return shell;
}

afterEach(async () => {
  await client?.stop();
  mock?.killAll();
  clearMocks();
});

test("the frontend's calls work unchanged through Command.sidecar", async () => {
  const shell = useTauri();
  await aiSaveMemories([memory("a", "用户偏好 zsh", 1), memory("b", "项目使用 pnpm", 2)]);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["a", "b"]);
  assert.match((await aiMemoryContext(8192)).content ?? "", /- 项目使用 pnpm$/);
  await aiClearMemories();
  assert.deepEqual(await aiListMemories(), []);
  assert.equal(shell.spawns.length, 1, "one process per app, spawned lazily");
  const [spawned] = shell.spawns;
  assert.equal(spawned.program, "binaries/memory-sidecar");
  assert.deepEqual(spawned.args.slice(0, 1), ["--config-dir"]);
  assert.equal(spawned.options.encoding, "utf-8");
});

test("errors reach the caller verbatim through the shell plugin", async () => {
  useTauri();
  const error = await rejection(aiSaveMemories([memory("", "x", 1)]));
  assert.match(error as string, /^RPC_INVALID_PARAMS: .*\$\.items\[0\]\.id/);
});

test("CRLF output split across events is reassembled", async () => {
  const shell = useTauri({ crlf: true });
  await aiSaveMemories([memory("a", "用户偏好 zsh 😀", 1)]);
  assert.deepEqual(await aiListMemories(), [memory("a", "用户偏好 zsh 😀", 1)]);
  assert.ok(shell.events.filter((e) => e === "Stdout").length >= 4, "each \\r\\n arrived as two events");
});

test("a reply delivered after close still settles its call; the stop is clean", async () => {
  const shell = useTauri({ closeBeforeLastLine: true });
  assert.deepEqual(await aiListMemories(), []);
  await client!.stop();
  const last = shell.events.lastIndexOf("Stdout");
  assert.ok(shell.events.indexOf("Terminated") < last, `events: ${shell.events.join(",")}`);
  assert.equal(shell.children.size, 0);
});

test("killing the child mid-call rejects SIDECAR_UNAVAILABLE and the next call respawns", async () => {
  const shell = useTauri();
  const info = await client!.call("sidecar_info", {});
  const save = aiSaveMemories(Array.from({ length: 500 }, (_, i) => memory(`m${i}`, "内容".repeat(100), i)),
                              { timeoutMs: 30_000 });
  const [pid] = shell.children.keys();
  await shell.handle("plugin:shell|kill", { cmd: "killChild", pid });
  const outcome = await save.then(() => "saved", (error: string) => error);
  assert.ok(outcome === "saved" || /^SIDECAR_UNAVAILABLE: /.test(outcome), outcome);
  const pending = client!.call("sidecar_info", {});
  const again = await pending;
  assert.notEqual(again.pid, info.pid);
  assert.equal(shell.spawns.length, 2);
});

test("the one-dir layout runs through Command.create with the scoped command name", async () => {
  const shell = useTauri({}, { command: ONEDIR_COMMAND });
  await aiSaveMemories([memory("a", "用户偏好 zsh", 1)]);
  assert.deepEqual((await aiListMemories()).map((m) => m.id), ["a"]);
  assert.equal(shell.spawns[0].program, "memory-sidecar-onedir");
  assert.notEqual(shell.spawns[0].options.sidecar, true);
});
