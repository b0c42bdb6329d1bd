/** JSON-RPC client over a line transport: ids, pending calls, timeouts, cancellation, lazy spawn, respawn, stop. */

import { bridgeError } from "./errors.js";
import {
  LONG_RUNNING_METHODS,
  type NotificationMethod,
  type Notifications,
  type RequestMethod,
  type Requests,
} from "./generated/protocol.js";
import { LineAssembler } from "./lines.js";
import { DEFAULT_MAX_REQUEST_BYTES, requestLine } from "./request.js";
import type { SidecarProcess, Transport } from "./transport.js";

export interface CallOptions {
  /** Milliseconds before the call rejects with `SIDECAR_TIMEOUT`. */
  timeoutMs?: number;
  /**
   * Aborting sends `$/cancelRequest`; the call then settles with the sidecar's own answer: `CANCELLED`
   * when the work was stopped, or its result when a write had already started (a write is never
   * half-cancelled, and a receipt must not be reported as cancelled). Aborted before it was sent, the
   * call rejects `CANCELLED` at once and nothing is sent.
   */
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Default per-call timeout (ms); the long-running methods have their own, longer default. */
  timeoutMs?: number;
  /** Timeout for the methods that call the model (LONG_RUNNING_METHODS, ms); the sidecar's own is 180 s. */
  extractTimeoutMs?: number;
  /** How long `stop()` waits for a clean exit before killing (ms). */
  shutdownGraceMs?: number;
  /** Lines after `close` still count for this long: tauri 2.0.x may deliver them after it (ms). */
  closeGraceMs?: number;
  /**
   * After a kill, how long a respawn waits for the old process's `close` (ms). Under a one-file build
   * `close` means the Python worker has read EOF and exited, so two sidecars never write the store at once.
   */
  exitWaitMs?: number;
  /** Largest request line sent (UTF-8 bytes); match the sidecar's `--max-line-bytes` (16 MiB default). */
  maxRequestBytes?: number;
}

/**
 * Where the client is, as vscode-jsonrpc's ConnectionState: "idle" (no process yet, or the last one
 * died: the next call starts one), "starting", "running", then after `stop()` "stopping" and, for good,
 * "stopped": from `stop()` on no call starts a process, and calls reject `SIDECAR_UNAVAILABLE`.
 */
export type ConnectionState = "idle" | "starting" | "running" | "stopping" | "stopped";

interface Pending {
  owner: Running;
  resolve(value: unknown): void;
  reject(reason: string): void;
  cleanup(): void;
}

interface Running {
  process: SidecarProcess;
  /** False from the first sign of death (close, error, our own kill): no new call goes to it. */
  alive: boolean;
  /** Resolves once `close` came and its late lines were read. */
  closed: Promise<void>;
}

interface WireReply {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

const DEFAULTS: Required<ClientOptions> = {
  timeoutMs: 15_000,
  extractTimeoutMs: 200_000,
  shutdownGraceMs: 2_000,
  closeGraceMs: 50,
  exitWaitMs: 3_000,
  maxRequestBytes: DEFAULT_MAX_REQUEST_BYTES,
};

export class SidecarClient {
  private readonly options: Required<ClientOptions>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private current: Running | undefined;
  private starting: Promise<Running> | undefined;
  private stopping: Promise<void> | undefined;
  private stopDone = false;

  constructor(private readonly transport: Transport, options: ClientOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Call a request method; rejects with the sidecar's error `message` verbatim, as Tauri `invoke` rejects.
   * Notifications (`$/cancelRequest`) are not callable: they are never answered.
   */
  async call<M extends RequestMethod>(
    method: M,
    params: Requests[M]["params"],
    options: CallOptions = {},
  ): Promise<Requests[M]["result"]> {
    const signal = options.signal;
    if (signal?.aborted) throw bridgeError("CANCELLED", "aborted by the caller before it was sent");
    this.refuseIfStopped(method);
    const id = this.nextId++;
    const line = requestLine(id, method, params, this.options.maxRequestBytes) + "\n";
    let running = await this.ensureRunning();
    // It may have died while starting; one fresh start, then give up rather than loop.
    if (!running.alive) running = await this.ensureRunning();
    if (!running.alive) throw bridgeError("SIDECAR_UNAVAILABLE", "the sidecar exited as soon as it started");
    // Starting can take seconds (a respawn waits for the old process to close): a stop or an abort meanwhile counts.
    this.refuseIfStopped(method);
    if (signal?.aborted) throw bridgeError("CANCELLED", "aborted by the caller before it was sent");
    const timeoutMs =
      options.timeoutMs ?? (LONG_RUNNING_METHODS.has(method) ? this.options.extractTimeoutMs : this.options.timeoutMs);
    return this.send(running, id, method, line, timeoutMs, signal);
  }

  /** Where the client is now (see ConnectionState). */
  get state(): ConnectionState {
    if (this.stopping !== undefined) return this.stopDone ? "stopped" : "stopping";
    if (this.starting !== undefined) return "starting";
    return this.current?.alive ? "running" : "idle";
  }

  /**
   * Stop for good: `sidecar_shutdown`, then `kill()` if it has not exited within the grace period. A start
   * under way (a respawn waiting for the old process's late `close`) never spawns; one already spawning
   * is shut down the same way. Calls made from now on reject `SIDECAR_UNAVAILABLE`; to start again,
   * create a new client. Idempotent: every call returns the same promise.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown().finally(() => (this.stopDone = true));
    return this.stopping;
  }

  private async shutDown(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const running = this.current;
    if (running === undefined) return;
    if (running.alive) {
      const grace = this.options.shutdownGraceMs;
      const id = this.nextId++;
      const line = requestLine(id, "sidecar_shutdown", {}, this.options.maxRequestBytes) + "\n";
      const exited = await within(this.send(running, id, "sidecar_shutdown", line, grace).then(() => running.closed), grace);
      if (exited) return;
      await this.kill(running);
    }
    await within(running.closed, this.options.exitWaitMs);
  }

  private refuseIfStopped(method: string): void {
    if (this.stopping !== undefined) {
      throw bridgeError("SIDECAR_UNAVAILABLE", `the bridge was stopped (stop() was called); ${method} was not sent`);
    }
  }

  private send<M extends RequestMethod>(
    running: Running,
    id: number,
    method: M,
    line: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Requests[M]["result"]> {
    return new Promise<Requests[M]["result"]>((resolve, reject) => {
      const cancelRemote = (): void => {
        void this.notify(running, "$/cancelRequest", { id });
      };
      const onAbort = (): void => {
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
      // A failed write rejects only this call; whether the process lives is for close/error/timeout to say.
      running.process.write(line).catch((error: unknown) => {
        this.settle(id)?.reject(bridgeError("SIDECAR_UNAVAILABLE", `could not write to the sidecar: ${describe(error)}`));
      });
    });
  }

  private ensureRunning(): Promise<Running> {
    if (this.current?.alive) return Promise.resolve(this.current);
    if (this.starting === undefined) {
      const starting = this.launch(this.current);
      this.starting = starting;
      const clear = (): void => {
        if (this.starting === starting) this.starting = undefined;
      };
      starting.then(clear, clear);
    }
    return this.starting;
  }

  private async launch(previous: Running | undefined): Promise<Running> {
    if (previous !== undefined) {
      // Never two sidecars on one store: the old one (or its orphaned one-file worker) goes first.
      await within(previous.closed, this.options.exitWaitMs);
      if (this.current === previous) this.current = undefined;
    }
    // stop() came while the old process was closing: no new one. One spawning already, stop() shuts down.
    if (this.stopping !== undefined) throw bridgeError("SIDECAR_UNAVAILABLE", "the bridge was stopped while the sidecar was starting");
    const running = await this.start();
    this.current = running;
    return running;
  }

  private async start(): Promise<Running> {
    const lines = new LineAssembler();
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    const running: Running = { process: { write: notStarted, kill: notStarted }, alive: true, closed };
    let exitSeen = false;
    try {
      running.process = await this.transport.spawn({
        stdout: (chunk) => {
          for (const line of lines.push(chunk)) this.receive(line, running);
        },
        error: (message) => {
          if (!running.alive) return;
          running.alive = false;
          this.failAll(running, bridgeError("SIDECAR_UNAVAILABLE", `the sidecar's output could not be read (${message})`));
          void running.process.kill().catch(() => undefined);
        },
        exit: (reason) => {
          if (exitSeen) return;
          exitSeen = true;
          running.alive = false;
          setTimeout(() => {
            for (const line of lines.flush()) this.receive(line, running);
            this.failAll(running, bridgeError("SIDECAR_UNAVAILABLE", `the sidecar exited (${reason})`));
            markClosed();
          }, this.options.closeGraceMs);
        },
      });
    } catch (error) {
      throw bridgeError("SIDECAR_UNAVAILABLE", `could not start the sidecar: ${describe(error)}`);
    }
    return running;
  }

  /** Marks the process dead and kills it; pending calls settle by their replies or by its `close`. */
  private async kill(running: Running): Promise<void> {
    running.alive = false;
    await running.process.kill().catch(() => undefined);
  }

  private receive(line: string, owner: Running): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    const replies = (Array.isArray(parsed) ? parsed : [parsed]) as WireReply[];
    for (const reply of replies) {
      if (reply === null || typeof reply !== "object") continue;
      if (reply.id === null && reply.error !== undefined) {
        this.unattributed(reply.error.message, owner);
        continue;
      }
      if (typeof reply.id !== "number") continue;
      const pending = this.settle(reply.id);
      if (pending === undefined) continue;
      if (reply.error !== undefined) pending.reject(reply.error.message);
      else pending.resolve(reply.result);
    }
  }

  /**
   * An error with id null answers a line the sidecar could not read as a request. With one call pending
   * on that process it can only be that call's. With several, the client cannot tell which (replies come
   * out of order), and rejecting the wrong one would report a failure for a call that may succeed: they
   * are left to their own replies and timeouts. requestLine() refuses what would cause this.
   */
  private unattributed(message: string, owner: Running): void {
    const mine = [...this.pending].filter(([, pending]) => pending.owner === owner);
    if (mine.length === 1) this.settle(mine[0][0])?.reject(message);
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

  private async notify<M extends NotificationMethod>(
    running: Running,
    method: M,
    params: Notifications[M]["params"],
  ): Promise<void> {
    if (!running.alive) return;
    await running.process.write(JSON.stringify({ jsonrpc: "2.0", method, params }) + "\n").catch(() => undefined);
  }
}

/** True when `promise` settles within `ms`; the timer never outlives the wait. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(() => true, () => false);
  return Promise.race([settled, expired]).finally(() => clearTimeout(timer));
}

function notStarted(): Promise<void> {
  return Promise.reject(new Error("the sidecar has not started"));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
