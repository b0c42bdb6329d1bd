/** Runs the sidecar through Tauri's shell plugin, as the desktop app does (one-dir layout by default). */

import { appConfigDir } from "@tauri-apps/api/path";
import { Command } from "@tauri-apps/plugin-shell";

import type { ProcessEvents, SidecarProcess, Transport } from "./transport.js";

/** The one-file fallback: must match `bundle.externalBin` in tauri.conf.json and the capability's `name`. */
export const SIDECAR_PROGRAM = "binaries/memory-sidecar";

/**
 * The default: the scope name of the one-dir layout shipped as a resource, which the capability maps to
 * `$RESOURCE/memory-sidecar/memory-sidecar` (spawned by path, `sidecar: false`).
 */
export const ONEDIR_COMMAND = "memory-sidecar-onedir";

export type SidecarLayout = "onedir" | "onefile";

export interface TauriTransportOptions {
  /** Defaults to `await appConfigDir()`, the directory the Rust module used. */
  configDir?: string;
  /** Extra CLI args after `--config-dir`; the capability must declare them, or the plugin drops them. */
  extraArgs?: string[];
  /**
   * "onedir" (default): `Command.create(ONEDIR_COMMAND)`, the fast-starting layout shipped as a resource.
   * "onefile": `Command.sidecar(SIDECAR_PROGRAM)`, the single executable in `bundle.externalBin`.
   */
  layout?: SidecarLayout;
  /** A scoped (non-sidecar) command name to run instead; overrides `layout`. */
  command?: string;
  onStderr?: (text: string) => void;
}

export class TauriTransport implements Transport {
  constructor(private readonly options: TauriTransportOptions = {}) {}

  async spawn(events: ProcessEvents): Promise<SidecarProcess> {
    const configDir = this.options.configDir ?? (await appConfigDir());
    const args = ["--config-dir", configDir, ...(this.options.extraArgs ?? [])];
    const command =
      this.options.command === undefined && this.options.layout === "onefile"
        ? Command.sidecar(SIDECAR_PROGRAM, args, { encoding: "utf-8" })
        : Command.create(this.options.command ?? ONEDIR_COMMAND, args, { encoding: "utf-8" });
    command.stdout.on("data", (line: string) => events.stdout(line));
    command.stderr.on("data", (line: string) => this.options.onStderr?.(line));
    command.on("error", (message: string) => events.error(message));
    command.on("close", ({ code, signal }) => events.exit(signal !== null ? `signal ${signal}` : `code ${code}`));
    const child = await command.spawn();
    return {
      write: (data) => child.write(data),
      kill: () => child.kill(),
    };
  }
}
