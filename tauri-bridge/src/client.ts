/** JSON-RPC client over a line transport: ids, pending calls, timeouts, cancellation, lazy spawn, respawn. */

import { bridgeError } from "./errors.js";
import { LineAssembler } from "./lines.js";
import type { MethodName, Methods } from "./generated/protocol.js";
import type { SidecarProcess, Transport } from "./transport.js";

export interface CallOptions {
  /** Milliseconds before the call rejects with `SIDECAR_TIMEOUT`. */
  timeoutMs?: number;
  /** Aborting rejects the call with `CANCELLED` and sends `$/cancelRequest` to the sidecar. */
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Default per-call timeout (ms); extraction has its own, longer default. */
  timeoutMs?: number;
  /** Timeout for `ai_extract_memories` (ms); the sidecar's own AI timeout is 180 s. */
  extractTimeoutMs?: number;
  /** How long `stop()` waits for a clean exit before killing (ms). */
  shutdownGraceMs?: number;
  /** Lines after `close` still count for this long: the shell plugin may deliver them late (ms). */
  closeGraceMs?: number;
}

interface Pending {
  owner: Running;
  resolve(value: unknown): void;
  reject(reason: string): void;
  cleanup(): void;
}

interface Running {
  process: SidecarProcess;
  exited: Promise<string>;
  alive: boolean;
}

interface WireError {
  code: number;
  message: string;
}

interface WireReply {
  id?: unknown;
  result?: unknown;
  error?: WireError;
}

const DEFAULTS: Required<ClientOptions> = {
  timeoutMs: 15_000,
  extractTimeoutMs: 200_000,
  shutdownGraceMs: 2_000,
  closeGraceMs: 50,
};

export class SidecarClient {
  private readonly options: Required<ClientOptions>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private running: Promise<Running> | undefined;

  constructor(private readonly transport: Transport, options: ClientOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Call a method; rejects with the sidecar's error `message` verbatim, as Tauri `invoke` rejects. */
  call<M extends MethodName>(
    method: M,
    params: Methods[M]["params"],
    options: CallOptions = {},
  ): Promise<Methods[M]["result"]> {
    return this.send(method, params, options, true);
  }

  private async send<M extends MethodName>(
    method: M,
    params: Methods[M]["params"],
    options: CallOptions,
    mayRetry: boolean,
  ): Promise<Methods[M]["result"]> {
    const signal = options.signal;
    if (signal?.aborted) throw bridgeError("CANCELLED", "aborted by the caller before it was sent");
    const running = await this.ensureRunning();
    const id = this.nextId++;
    const timeoutMs =
      options.timeoutMs ??
      (method === "ai_extract_memories" ? this.options.extractTimeoutMs : this.options.timeoutMs);
    return new Promise<Methods[M]["result"]>((resolve, reject) => {
      const cancelRemote = (): void => {
        void this.notify(running, "$/cancelRequest", { id });
      };
      const onAbort = (): void => {
        this.settle(id)?.reject(bridgeError("CANCELLED", "aborted by the caller"));
        cancelRemote();
      };
      const timer = setTimeout(() => {
        this.settle(id)?.reject(bridgeError("SIDECAR_TIMEOUT", `${method} got no reply within ${timeoutMs} ms`));
        cancelRemote();
      }, timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        owner: running,
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        },
      });
      const line = JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
      running.process.write(line).catch((error: unknown) => {
        const pending = this.settle(id);
        if (pending === undefined) return;
        // The request never reached the process: it is gone, so one retry on a fresh one is safe.
        running.alive = false;
        if (mayRetry) this.send(method, params, options, false).then(resolve, reject);
        else pending.reject(bridgeError("SIDECAR_UNAVAILABLE", `could not write to the sidecar: ${describe(error)}`));
      });
    });
  }

  /** Clean stop: `sidecar_shutdown`, then `kill()` if it has not exited within the grace period. */
  async stop(): Promise<void> {
    const current = this.running;
    if (current === undefined) return;
    const running = await current.catch(() => undefined);
    if (running === undefined || !running.alive) return;
    const exitedInTime = await Promise.race([
      this.call("sidecar_shutdown", {}, { timeoutMs: this.options.shutdownGraceMs })
        .then(() => running.exited)
        .then(() => true, () => false),
      delay(this.options.shutdownGraceMs).then(() => false),
    ]);
    if (!exitedInTime && running.alive) await running.process.kill().catch(() => undefined);
  }

  private ensureRunning(): Promise<Running> {
    if (this.running === undefined) {
      const started = this.start();
      this.running = started;
      started.catch(() => {
        if (this.running === started) this.running = undefined;
      });
    }
    return this.running.then((running) => {
      if (running.alive) return running;
      this.running = undefined;
      return this.ensureRunning();
    });
  }

  private async start(): Promise<Running> {
    const lines = new LineAssembler();
    let markExited: (reason: string) => void = () => undefined;
    const exited = new Promise<string>((resolve) => (markExited = resolve));
    const state: { running?: Running; exitedEarly?: string } = {};
    let process: SidecarProcess;
    try {
      process = await this.transport.spawn({
        stdout: (chunk) => {
          for (const line of lines.push(chunk)) this.receive(line);
        },
        exit: (reason) => {
          if (state.running) state.running.alive = false;
          else state.exitedEarly = reason;
          setTimeout(() => {
            for (const line of lines.flush()) this.receive(line);
            if (state.running) {
              this.failAll(state.running, bridgeError("SIDECAR_UNAVAILABLE", `the sidecar exited (${reason})`));
            }
            markExited(reason);
          }, this.options.closeGraceMs);
        },
      });
    } catch (error) {
      throw bridgeError("SIDECAR_UNAVAILABLE", `could not start the sidecar: ${describe(error)}`);
    }
    const running: Running = { process, exited, alive: state.exitedEarly === undefined };
    state.running = running;
    return running;
  }

  private receive(line: string): void {
    let reply: WireReply;
    try {
      reply = JSON.parse(line) as WireReply;
    } catch {
      return;
    }
    const replies: WireReply[] = Array.isArray(reply) ? (reply as WireReply[]) : [reply];
    for (const single of replies) {
      if (typeof single.id !== "number") continue;
      const pending = this.settle(single.id);
      if (pending === undefined) continue;
      if (single.error !== undefined) pending.reject(single.error.message);
      else pending.resolve(single.result);
    }
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (pending === undefined) return undefined;
    this.pending.delete(id);
    pending.cleanup();
    return pending;
  }

  private failAll(owner: Running, reason: string): void {
    for (const [id, pending] of [...this.pending]) {
      if (pending.owner === owner) this.settle(id)?.reject(reason);
    }
  }

  private async notify(running: Running, method: string, params: unknown): Promise<void> {
    if (!running.alive) return;
    await running.process.write(JSON.stringify({ jsonrpc: "2.0", method, params }) + "\n").catch(() => undefined);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
