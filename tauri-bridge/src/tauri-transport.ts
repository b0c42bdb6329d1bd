/** Runs the sidecar through Tauri's shell plugin (`Command.sidecar`), as the desktop app does. */

import { appConfigDir } from "@tauri-apps/api/path";
import { Command } from "@tauri-apps/plugin-shell";

import type { ProcessEvents, SidecarProcess, Transport } from "./transport.js";

/** Must match `bundle.externalBin` in tauri.conf.json and the capability's `name`. */
export const SIDECAR_PROGRAM = "binaries/memory-sidecar";

export interface TauriTransportOptions {
  /** Defaults to `await appConfigDir()`, the directory the Rust module used. */
  configDir?: string;
  /** Extra CLI args after `--config-dir` (they must pass the capability's validators). */
  extraArgs?: string[];
  onStderr?: (text: string) => void;
}

export class TauriTransport implements Transport {
  constructor(private readonly options: TauriTransportOptions = {}) {}

  async spawn(events: ProcessEvents): Promise<SidecarProcess> {
    const configDir = this.options.configDir ?? (await appConfigDir());
    const command = Command.sidecar(SIDECAR_PROGRAM, ["--config-dir", configDir, ...(this.options.extraArgs ?? [])], {
      encoding: "utf-8",
    });
    command.stdout.on("data", (chunk: string) => events.stdout(chunk));
    command.stderr.on("data", (chunk: string) => this.options.onStderr?.(chunk));
    command.on("close", ({ code, signal }) => events.exit(signal !== null ? `signal ${signal}` : `code ${code}`));
    command.on("error", (message: string) => events.exit(`error: ${message}`));
    const child = await command.spawn();
    return {
      write: (data) => child.write(data),
      kill: () => child.kill(),
    };
  }
}
