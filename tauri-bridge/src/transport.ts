/** The seam between the JSON-RPC client and whatever runs the sidecar process (Tauri shell, Node). */

export interface ProcessEvents {
  /** A piece of stdout, split wherever the host likes. */
  stdout(chunk: string): void;
  /** The process is gone (exited, killed, or never started properly). */
  exit(reason: string): void;
}

export interface SidecarProcess {
  write(data: string): Promise<void>;
  /** Hard stop (SIGKILL under Tauri); the client prefers `sidecar_shutdown` first. */
  kill(): Promise<void>;
}

export interface Transport {
  /** Start one sidecar process; rejects when it cannot be spawned. */
  spawn(events: ProcessEvents): Promise<SidecarProcess>;
}
