/** The seam between the JSON-RPC client and whatever runs the sidecar process (Tauri shell, Node). */

export interface ProcessEvents {
  /** A piece of stdout, split wherever the host likes. */
  stdout(chunk: string): void;
  /**
   * The host cannot read the process any more (the shell plugin's `error` event): replies may be lost.
   * The process may still be running; the client kills it and waits for `exit`.
   */
  error(message: string): void;
  /**
   * The process is gone and its pipes are closed (the shell plugin's `close`). Under the shell plugin
   * this can come late (a grandchild still holds the pipes) and, with tauri 2.0.x, before the last
   * stdout event.
   */
  exit(reason: string): void;
}

export interface SidecarProcess {
  /**
   * Hand `data` to the process's stdin. Resolving proves nothing: the shell plugin resolves a write to a
   * process it no longer tracks and writes nothing. A dead process is noticed by `exit`, never here.
   */
  write(data: string): Promise<void>;
  /** SIGKILL to the spawned process only (under a one-file build, the bootloader); `exit` follows. */
  kill(): Promise<void>;
}

export interface Transport {
  /** Start one sidecar process; rejects when it cannot be spawned. */
  spawn(events: ProcessEvents): Promise<SidecarProcess>;
}
