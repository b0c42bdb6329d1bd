/** Test support: the real Python sidecar, a scripted OpenAI-shaped server, and a mocked Tauri shell IPC. */

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { SidecarClient, type ClientOptions } from "../src/client.js";
import { NodeTransport } from "../src/node-transport.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export function python(): string {
  if (process.env.SIDECAR_PYTHON) return process.env.SIDECAR_PYTHON;
  const venv = join(REPO, ".venv", process.platform === "win32" ? "Scripts/python.exe" : "bin/python");
  return existsSync(venv) ? venv : "python3";
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), "bridge-test-"));
}

export function sidecarEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONPATH: REPO, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith("AI_MEMORY_") && !(key in extra)) delete env[key];
  return env;
}

/** The command line the Tauri mock runs for `binaries/memory-sidecar`: the real sidecar. */
export function sidecarCommand(args: string[]): { command: string; args: string[] } {
  if (process.env.SIDECAR_BINARY) return { command: process.env.SIDECAR_BINARY, args };
  return { command: python(), args: ["-m", "sidecar", ...args] };
}

export function nodeClient(configDir: string, extraArgs: string[] = [], options: ClientOptions = {},
                           env: Record<string, string> = {}): SidecarClient {
  const { command, args } = sidecarCommand(["--config-dir", configDir, ...extraArgs]);
  return new SidecarClient(new NodeTransport({ command, args, env: sidecarEnv(env), cwd: REPO }), options);
}

export function memory(id: string, content: string, createdAt: number, sourceScope = "global") {
  return { id, content, createdAt, sourceScope };
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

interface ScriptedReply {
  status?: number;
  body: unknown;
  /** Resolve to let the reply go. */
  hold?: Promise<void>;
}

/** A scripted chat-completions server on 127.0.0.1. */
export class FakeOpenAI {
  readonly seen: Array<{ headers: IncomingMessage["headers"]; body: any }> = [];
  private readonly replies: ScriptedReply[] = [];
  private arrivals: Array<() => void> = [];
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  script(...replies: ScriptedReply[]): void {
    this.replies.push(...replies);
  }

  /** Resolves when the next request (after this call) has arrived; take it before sending. */
  nextArrival(): Promise<void> {
    return new Promise((done) => this.arrivals.push(done));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()) ?? done());
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.seen.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    const waiting = this.arrivals;
    this.arrivals = [];
    for (const done of waiting) done();
    const reply = this.replies.shift() ?? { status: 500, body: { error: "unscripted" } };
    if (reply.hold) await reply.hold;
    if (response.destroyed) return;
    response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  }
}

export function completion(content: string): unknown {
  return { choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] };
}

export interface ShellMockOptions {
  configDir: string;
  /** Turn every `\n` of the sidecar's stdout into `\r\n`, as a Windows-built child might. */
  crlf?: boolean;
  /** Deliver `Terminated` before the last stdout event, as the plugin can. */
  closeBeforeLastLine?: boolean;
  env?: Record<string, string>;
}

interface Channel {
  id: number;
}

/**
 * Emulates the shell plugin's IPC (`plugin:shell|spawn`, `stdin_write`, `kill`) and `appConfigDir()`
 * by spawning the real sidecar and delivering its stdout the way the plugin does: split after the first
 * `\n` (else the first `\r`), delimiter kept, decoded as UTF-8.
 */
export class ShellMock {
  readonly children = new Map<number, ChildProcess>();
  readonly events: string[] = [];
  readonly spawns: Array<{ program: string; args: string[]; options: Record<string, unknown> }> = [];

  constructor(private readonly options: ShellMockOptions) {}

  async handle(cmd: string, args: any): Promise<unknown> {
    switch (cmd) {
      case "plugin:path|resolve_directory":
        return this.options.configDir;
      case "plugin:shell|spawn":
        return this.spawn(args.program, args.args, args.options, args.onEvent as Channel);
      case "plugin:shell|stdin_write": {
        const child = this.children.get(args.pid);
        if (!child?.stdin?.writable) throw "stdin is closed";
        const data = typeof args.buffer === "string" ? args.buffer : Buffer.from(args.buffer as number[]);
        await new Promise<void>((done, fail) => child.stdin!.write(data, (e) => (e ? fail(String(e)) : done())));
        return null;
      }
      case "plugin:shell|kill":
        this.children.get(args.pid)?.kill("SIGKILL");
        return null;
      default:
        throw new Error(`unmocked IPC command ${cmd}`);
    }
  }

  private spawn(program: string, args: string[], options: Record<string, unknown>, channel: Channel): number {
    this.spawns.push({ program, args, options });
    const allowed = (program === "binaries/memory-sidecar" && options.sidecar === true)
      || (program === "memory-sidecar-onedir" && !options.sidecar);
    if (!allowed) throw `Scoped command ${program} not found`;
    const { command, args: argv } = sidecarCommand(args);
    const child = spawn(command, argv, { env: sidecarEnv(this.options.env), cwd: REPO, stdio: "pipe" });
    const pid = child.pid!;
    child.stdin!.on("error", () => undefined);
    this.children.set(pid, child);
    let index = 0;
    const emit = (event: string, payload: unknown): void => {
      this.events.push(event);
      const internals = (globalThis as any).window.__TAURI_INTERNALS__;
      if (typeof internals?.runCallback !== "function") return;
      internals.runCallback(channel.id, { message: { event, payload }, index: index++ });
    };
    let pending = Buffer.alloc(0);
    const deliver = (line: Buffer): void => {
      const text = line.toString("utf8");
      if (this.options.closeBeforeLastLine) setTimeout(() => emit("Stdout", text), 25);
      else emit("Stdout", text);
    };
    child.stdout!.on("data", (data: Buffer) => {
      if (this.options.crlf) data = Buffer.from(data.toString("latin1").replace(/\n/g, "\r\n"), "latin1");
      pending = Buffer.concat([pending, data]);
      for (;;) {
        const newline = pending.indexOf(0x0a);
        const cr = pending.indexOf(0x0d);
        const cut = newline >= 0 && (cr < 0 || newline < cr) ? newline : cr;
        if (cut < 0) break;
        deliver(Buffer.from(pending.subarray(0, cut + 1)));
        pending = pending.subarray(cut + 1);
      }
    });
    child.on(this.options.closeBeforeLastLine ? "exit" : "close", (code, signal) => {
      emit("Terminated", { code, signal: signal ? 9 : null });
      this.children.delete(pid);
    });
    return pid;
  }

  killAll(): void {
    for (const child of this.children.values()) child.kill("SIGKILL");
  }
}
