/**
 * A double of `@tauri-apps/plugin-shell` v2's Rust side (commands.rs, process/mod.rs, scope.rs) running the
 * real sidecar process (SPEC S8.2): the bridge tests reach it through `@tauri-apps/api/mocks` mockIPC in
 * the same process, the demo's relay (demo/relay.ts) from a browser page over a WebSocket.
 */

import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";

import { REPO, sidecarCommand, sidecarEnv } from "./sidecar.js";

const READ_SIZE = 8 * 1024; // std::io::BufReader's default capacity: one fill_buf() reads at most this

/**
 * tauri::utils::io::read_line over a BufReader: an event ends at the first `\n` among the buffered
 * bytes, else at the first `\r` among them; with neither, the buffered bytes are kept and more are read.
 * The delimiter stays in the event. At EOF what is left is one last event.
 */
export class ReadLineSplitter {
  private buffered: Buffer = Buffer.alloc(0);
  private line: Buffer[] = [];

  /** Events completed by one read (`bytes` is what one read() returned, at most READ_SIZE). */
  read(bytes: Buffer): Buffer[] {
    const events: Buffer[] = [];
    this.buffered = bytes;
    while (this.buffered.length > 0) {
      const newline = this.buffered.indexOf(0x0a);
      const cut = newline >= 0 ? newline : this.buffered.indexOf(0x0d);
      if (cut < 0) {
        this.line.push(this.buffered);
        this.buffered = Buffer.alloc(0);
        break;
      }
      this.line.push(this.buffered.subarray(0, cut + 1));
      this.buffered = this.buffered.subarray(cut + 1);
      events.push(Buffer.concat(this.line));
      this.line = [];
    }
    return events;
  }

  end(): Buffer[] {
    const rest = Buffer.concat(this.line);
    this.line = [];
    return rest.length > 0 ? [rest] : [];
  }
}

/** A capability's `shell:allow-spawn` entry (scope_entry.rs). */
interface ScopeEntry {
  name: string;
  cmd?: string;
  sidecar?: boolean;
  args?: boolean | Array<string | { validator: string; raw?: boolean }>;
}

/** The spawn scope and `externalBin` the shipped fragments under tauri-bridge/tauri/ grant, all layouts. */
export function shippedScope(root = join(REPO, "tauri-bridge", "tauri")): { entries: ScopeEntry[]; externalBin: string[] } {
  const entries: ScopeEntry[] = [];
  const externalBin: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) {
        const json = JSON.parse(readFileSync(path, "utf8"));
        externalBin.push(...(json.bundle?.externalBin ?? []));
        for (const permission of json.permissions ?? []) {
          if (typeof permission === "object" && permission.identifier === "shell:allow-spawn") {
            entries.push(...(permission.allow ?? []));
          }
        }
      }
    }
  };
  walk(root);
  return { entries, externalBin };
}

/**
 * scope.rs `_prepare`: the entry's args list decides. Fixed entries are sent whatever was passed at that
 * position, validators check the passed value, anything past the list is silently dropped; `true`
 * passes all, `false` (the default) drops all.
 * @throws the plugin's error string when the program is not allowed or a validator fails.
 */
export function prepareArgs(entries: ScopeEntry[], externalBin: string[], program: string, sidecar: boolean,
                            args: string[]): string[] {
  if (sidecar && !externalBin.includes(program)) {
    throw `sidecar not configured under \`tauri.conf.json > bundle > externalBin\`: ${program}`;
  }
  const entry = entries.find((candidate) => candidate.name === program);
  if (entry === undefined) {
    throw sidecar ? `Scoped command ${program} not found` : `program not allowed on the configured shell scope: ${program}`;
  }
  if ((entry.sidecar ?? false) !== sidecar) throw "The scoped command was called with the improper sidecar flag set";
  const allowed = entry.args ?? false;
  if (allowed === true) return [...args];
  if (allowed === false) return [];
  return allowed.map((arg, i) => {
    if (typeof arg === "string") return arg;
    const value = args[i];
    const pattern = new RegExp(arg.raw ? arg.validator : `^${arg.validator}$`, "u");
    if (value === undefined) throw `Scoped command argument at position ${i} must match regex validation ${arg.validator} but it was not found`;
    if (!pattern.test(value)) throw `Scoped command argument at position ${i} was found, but failed regex validation ${arg.validator}`;
    return value;
  });
}

export interface ShellDoubleOptions {
  configDir: string;
  /** Turn every `\n` the sidecar writes into `\r\n`, as a Windows-built child might. */
  crlf?: boolean;
  /** End a read right after every `\r`, so `\r\n` arrives as two events (rare for real, possible). */
  readEndsAfterCr?: boolean;
  /** tauri 2.0.x JS ordering: `close` reaches the webview before the last stdout event. */
  closeOvertakesLastLine?: boolean;
  /** Hold `close` until releaseClose(), as when a grandchild still holds the pipes. */
  holdClose?: boolean;
  /** Run the sidecar under a `/bin/sh` parent, as a one-file build runs it under its bootloader. */
  bootloader?: boolean;
  env?: Record<string, string>;
  /**
   * Where a channel message goes; by default the webview's `__TAURI_INTERNALS__.runCallback` in this
   * process (mockIPC), in the demo over the relay's WebSocket to the page's.
   */
  deliver?: (channelId: number, message: ChannelMessage) => void;
}

/** What plugin-shell's Rust side sends down the spawn's `onEvent` channel. */
export interface ChannelMessage {
  message: { event: ShellEvent["event"]; payload: unknown };
  index: number;
}

interface Tracked {
  child: ChildProcess;
  /** Dropped by kill() or when `close` is sent (commands.rs removes the child from `children`). */
  tracked: boolean;
  askedToExit(): void;
}

export interface ShellEvent {
  pid: number;
  event: "Stdout" | "Stderr" | "Error" | "Terminated";
  payload: unknown;
}

interface Channel {
  id: number;
}

/** The shell plugin's IPC (`plugin:shell|spawn`, `stdin_write`, `kill`) and `appConfigDir()`. */
export class ShellDouble {
  readonly log: ShellEvent[] = [];
  /** Each spawn with the args the scope let through and how many events had been sent before it. */
  readonly spawns: Array<{ pid: number; program: string; args: string[]; options: Record<string, unknown>;
                           logLength: number }> = [];
  readonly droppedWrites: Array<{ pid: number; data: string }> = [];
  private readonly processes = new Map<number, Tracked>();
  private readonly heldCloses: Array<() => void> = [];
  private closeReleased = false;
  private waiters: Array<{ test: () => boolean; done: () => void }> = [];
  private readonly scope = shippedScope();

  constructor(private readonly options: ShellDoubleOptions) {}

  /** Event names in delivery order (all processes). */
  get events(): string[] {
    return this.log.map((entry) => entry.event);
  }

  /** Pids the plugin still tracks (spawned, neither killed nor closed). */
  tracked(): number[] {
    return [...this.processes].filter(([, p]) => p.tracked).map(([pid]) => pid);
  }

  /** Resolves once `test` holds; checked after every event, spawn and dropped write. */
  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((done) => this.waiters.push({ test, done }));
  }

  /** Lets held `close` events go, and any later one at once. */
  releaseClose(): void {
    this.closeReleased = true;
    for (const release of this.heldCloses.splice(0)) release();
  }

  async handle(cmd: string, args: any): Promise<unknown> {
    switch (cmd) {
      case "plugin:path|resolve_directory":
        return this.options.configDir;
      case "plugin:shell|spawn":
        return this.spawn(args.program, args.args ?? [], args.options ?? {}, args.onEvent as Channel);
      case "plugin:shell|stdin_write":
        return this.stdinWrite(args.pid, args.buffer);
      case "plugin:shell|kill": {
        const process = this.processes.get(args.pid);
        if (process?.tracked) {
          process.tracked = false;
          process.askedToExit();
          process.child.kill("SIGKILL");
          // CommandChild is dropped with its stdin writer: a surviving grandchild reads EOF.
          process.child.stdin?.destroy();
        }
        return null;
      }
      default:
        throw new Error(`unmocked IPC command ${cmd}`);
    }
  }

  /** Emits an `Error` event for `pid`'s stdout, as a failed read does; that stream is read no more. */
  failStdoutRead(pid: number, message = "Input/output error (os error 5)"): void {
    const process = this.processes.get(pid);
    process?.child.stdout?.emit("error", new Error(message));
  }

  /** SIGKILL everything spawned, grandchildren included (test clean-up, not plugin behaviour). */
  killAll(): void {
    for (const { child } of this.processes.values()) {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    }
  }

  /**
   * Closes every tracked process's stdin, as the app quitting does: the sidecar finishes what it holds and
   * exits on EOF (S2). Resolves when all have sent `close`.
   */
  endAll(): Promise<void> {
    for (const process of this.processes.values()) {
      if (process.tracked) {
        process.askedToExit();
        process.child.stdin?.end();
      }
    }
    return this.allClosed();
  }

  /** Resolves when every spawned process has sent `close` (test clean-up). */
  allClosed(): Promise<void> {
    this.releaseClose();
    return this.until(() => [...this.processes.keys()].every((pid) => this.closed(pid)));
  }

  closed(pid: number): boolean {
    return this.log.some((entry) => entry.pid === pid && entry.event === "Terminated");
  }

  private notify(): void {
    const ready = this.waiters.filter((waiter) => waiter.test());
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.done();
  }

  private async stdinWrite(pid: number, buffer: unknown): Promise<null> {
    const data = typeof buffer === "string" ? buffer : Buffer.from(buffer as number[]).toString("utf8");
    const process = this.processes.get(pid);
    if (!process?.tracked) {
      // commands.rs stdin_write: `if let Some(child) = children.get_mut(&pid)`, else Ok(()).
      this.droppedWrites.push({ pid, data });
      this.notify();
      return null;
    }
    if (data.split("\n").some((line) => line.includes('"method":"sidecar_shutdown"'))) process.askedToExit();
    const stdin = process.child.stdin!;
    if (stdin.destroyed || !stdin.writable) throw "Broken pipe (os error 32)";
    await new Promise<void>((done, fail) =>
      stdin.write(data, (error) => (error ? fail(`${error.message} (write_all)`) : done())));
    return null;
  }

  private spawn(program: string, args: string[], options: Record<string, unknown>, channel: Channel): number {
    const sidecar = options.sidecar === true;
    const argv = prepareArgs(this.scope.entries, this.scope.externalBin, program, sidecar, args);
    if (options.encoding !== undefined && options.encoding !== "utf-8") throw `unsupported encoding in the double: ${options.encoding}`;
    // closeOvertakesLastLine: what the process writes once asked to exit reaches the webview after `close`.
    let exitRequested = false;
    const real = sidecarCommand(argv);
    const [command, commandArgs] = this.options.bootloader
      ? ["/bin/sh", ["-c", '"$@"; exit $?', "sh", real.command, ...real.args]]
      : [real.command, real.args];
    const child = spawn(command, commandArgs, {
      env: sidecarEnv(this.options.env), cwd: REPO, stdio: "pipe", detached: true,
    });
    const pid = child.pid!;
    child.stdin!.on("error", () => undefined);
    this.processes.set(pid, { child, tracked: true, askedToExit: () => (exitRequested = true) });
    this.spawns.push({ pid, program, args: argv, options, logLength: this.log.length });

    let index = 0;
    const send = (event: ShellEvent["event"], payload: unknown): void => {
      this.log.push({ pid, event, payload });
      const message: ChannelMessage = { message: { event, payload }, index: index++ };
      if (this.options.deliver) this.options.deliver(channel.id, message);
      else (globalThis as any).window?.__TAURI_INTERNALS__?.runCallback?.(channel.id, message);
      this.notify();
    };
    const held: Array<() => void> = [];
    const emitLine = (event: "Stdout" | "Stderr", bytes: Buffer): void => {
      const text = decodeLine(bytes, options.encoding as string | undefined);
      if (text === undefined) return send("Error", "invalid utf-8 sequence");
      if (event === "Stdout" && this.options.closeOvertakesLastLine && exitRequested) held.push(() => send(event, text));
      else send(event, text);
    };

    let open = 2;
    let exit: { code: number | null; signal: number | null } | undefined;
    const maybeClose = (): void => {
      if (open > 0 || exit === undefined) return;
      const status = exit;
      const close = (): void => {
        const tracked = this.processes.get(pid);
        if (tracked) tracked.tracked = false;
        send("Terminated", status);
        for (const line of held.splice(0)) line();
      };
      if (this.options.holdClose && !this.closeReleased) this.heldCloses.push(close);
      else close();
    };
    const readStream = (stream: NodeJS.ReadableStream, event: "Stdout" | "Stderr"): void => {
      const splitter = new ReadLineSplitter();
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        open--;
        maybeClose();
      };
      stream.on("data", (data: Buffer) => {
        if (done) return;
        if (this.options.crlf) data = Buffer.from(data.toString("latin1").replace(/\n/g, "\r\n"), "latin1");
        for (const read of reads(data, this.options.readEndsAfterCr ?? false)) {
          for (const line of splitter.read(read)) emitLine(event, line);
        }
      });
      stream.on("end", () => {
        if (done) return;
        for (const line of splitter.end()) emitLine(event, line);
        finish();
      });
      stream.on("error", (error: Error) => {
        if (done) return;
        send("Error", error.message);
        finish();
        (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
      });
    };
    readStream(child.stdout!, "Stdout");
    readStream(child.stderr!, "Stderr");
    child.on("exit", (code, signal) => {
      exit = { code, signal: signal === null ? null : constants.signals[signal] };
      maybeClose();
    });
    this.notify();
    return pid;
  }
}

/**
 * commands.rs get_event_buffer: with "utf-8", encoding_rs decode_with_bom_removal (invalid sequences
 * become U+FFFD, a leading BOM goes); with no encoding, String::from_utf8 (undefined: an `Error` event).
 */
export function decodeLine(bytes: Uint8Array, encoding: string | undefined): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: encoding === undefined, ignoreBOM: encoding === undefined }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** How one pipe chunk is taken by successive read() calls of at most READ_SIZE bytes. */
function reads(data: Buffer, endAfterCr: boolean): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  while (start < data.length) {
    let end = Math.min(start + READ_SIZE, data.length);
    if (endAfterCr) {
      const cr = data.indexOf(0x0d, start);
      if (cr >= 0 && cr < end) end = cr + 1;
    }
    out.push(data.subarray(start, end));
    start = end;
  }
  return out;
}

/** True while `pid` runs (a zombie counts as gone: it has exited, it only waits to be reaped). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return true;
  }
}
