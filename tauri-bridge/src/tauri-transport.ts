/** Runs the sidecar through Tauri's shell plugin (`Command.sidecar`), as the desktop app does. */

import { appConfigDir } from "@tauri-apps/api/path";
import { Command, type Child } from "@tauri-apps/plugin-shell";

import type { ProcessEvents, SidecarProcess, Transport } from "./transport.js";

/** Must match `bundle.externalBin` in tauri.conf.json and the capability's `name`. */
export const SIDECAR_PROGRAM = "binaries/memory-sidecar";

/** The scope name of the one-dir layout shipped as a resource (tauri/onedir/ fragments). */
export const ONEDIR_COMMAND = "memory-sidecar-onedir";

export interface TauriTransportOptions {
  /** Defaults to `await appConfigDir()`, the directory the Rust module used. */
  configDir?: string;
  /** Extra CLI args after `--config-dir`; the capability must declare them, or the plugin drops them. */
  extraArgs?: string[];
  /**
   * A scoped (non-sidecar) command name to run instead of the `externalBin` sidecar, e.g.
   * ONEDIR_COMMAND for the faster-starting one-dir layout shipped as a resource.
   */
  command?: string;
  onStderr?: (text: string) => void;
}

export class TauriTransport implements Transport {
  constructor(private readonly options: TauriTransportOptions = {}) {}

  async spawn(events: ProcessEvents): Promise<SidecarProcess> {
    const configDir = this.options.configDir ?? (await appConfigDir());
    const args = ["--config-dir", configDir, ...(this.options.extraArgs ?? [])];
    const command = this.options.command
      ? Command.create(this.options.command, args, { encoding: "utf-8" })
      : Command.sidecar(SIDECAR_PROGRAM, args, { encoding: "utf-8" });
    command.stdout.on("data", (chunk: string) => events.stdout(chunk));
    command.stderr.on("data", (chunk: string) => this.options.onStderr?.(chunk));
    let child: Child | undefined;
    command.on("close", ({ code, signal }) => events.exit(signal !== null ? `signal ${signal}` : `code ${code}`));
    // A read error leaves the pipes unusable: stop the process so the next call starts a fresh one.
    command.on("error", (message: string) => {
      void child?.kill().catch(() => undefined);
      events.exit(`error: ${message}`);
    });
    child = await command.spawn();
    const spawned = child;
    return {
      write: (data) => spawned.write(data),
      kill: () => spawned.kill(),
    };
  }
}
