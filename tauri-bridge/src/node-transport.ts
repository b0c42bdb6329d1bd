/** Runs the sidecar with Node's child_process: for tests and Node hosts (Electron main, CLIs). */

import { spawn } from "node:child_process";

import type { ProcessEvents, SidecarProcess, Transport } from "./transport.js";

export interface NodeTransportOptions {
  /** The executable: a packaged `memory-sidecar-<triple>` or a Python interpreter. */
  command: string;
  /** e.g. `["-m", "sidecar", "--config-dir", dir]`. */
  args?: string[];
  /** The child's whole environment (default: the host's); typed without `@types/node`, which a consumer may lack. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Receives the sidecar's stderr (its log); discarded by default. */
  onStderr?: (text: string) => void;
}

export class NodeTransport implements Transport {
  constructor(private readonly options: NodeTransportOptions) {}

  spawn(events: ProcessEvents): Promise<SidecarProcess> {
    const { command, args = [], env, cwd, onStderr } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
      let started = false;
      child.stdout.setEncoding("utf8");
      child.stderr.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => events.stdout(chunk));
      child.stderr.on("data", (chunk: string) => onStderr?.(chunk));
      child.stdout.on("error", (error) => events.error(error.message));
      child.stdin.on("error", () => undefined);
      child.once("error", (error) => {
        if (!started) return reject(error);
        events.error(error.message);
      });
      child.once("close", (code, signal) => {
        if (started) events.exit(signal ? `signal ${signal}` : `code ${code}`);
      });
      child.once("spawn", () => {
        started = true;
        resolve({
          write: (data) =>
            new Promise<void>((done, fail) => {
              if (!child.stdin.writable) return fail(new Error("stdin is closed"));
              child.stdin.write(data, "utf8", (error) => (error ? fail(error) : done()));
            }),
          kill: async () => {
            // As the shell plugin does: SIGKILL the child and drop its stdin, so a one-file worker reads EOF.
            child.kill("SIGKILL");
            child.stdin.destroy();
          },
        });
      });
    });
  }
}
