/** The demo's relay: a page's shell-plugin IPC, forwarded over one WebSocket, answered by the shared shell double. */

import type { WebSocket } from "ws";

import { ShellDouble } from "../harness/shell-double.js";

/** S2.6 gives a sidecar 2 s to exit after EOF; past this it is killed. */
const EXIT_GRACE_MS = 5_000;

/** What the page sends: one IPC call of the shell plugin (or `appConfigDir()`). */
export interface RelayRequest {
  id: number;
  cmd: string;
  args: Record<string, unknown>;
}

/** What the relay sends: an answer to a request, or a message on a spawn's `onEvent` channel. */
export type RelayMessage =
  | { id: number; result: unknown }
  | { id: number; error: string }
  | { channel: number; message: unknown };

/** The only IPC commands the page may reach; anything else is refused before the double sees it. */
export const RELAYED_COMMANDS: ReadonlySet<string> = new Set([
  "plugin:path|resolve_directory",
  "plugin:shell|spawn",
  "plugin:shell|stdin_write",
  "plugin:shell|kill",
]);

function parseRequest(data: string): RelayRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { id, cmd, args } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(id) || typeof cmd !== "string") return undefined;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  return { id: id as number, cmd, args: args as Record<string, unknown> };
}

/**
 * Serves one page: every sidecar it spawns runs as the Tauri shell plugin would run it. When the page goes,
 * its sidecars get EOF on stdin and exit on their own, finishing what they hold; resolves when they have.
 */
export function serveRelay(socket: WebSocket, configDir: string, env: Record<string, string> = {}): Promise<void> {
  const send = (message: RelayMessage): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const shell = new ShellDouble({ configDir, env, deliver: (channel, message) => send({ channel, message }) });

  socket.on("message", (data, isBinary) => {
    const request = isBinary ? undefined : parseRequest(data.toString());
    if (request === undefined) {
      socket.close(1003, "not a relay request");
      return;
    }
    if (!RELAYED_COMMANDS.has(request.cmd)) {
      send({ id: request.id, error: `command not relayed: ${request.cmd}` });
      return;
    }
    shell.handle(request.cmd, request.args).then(
      (result) => send({ id: request.id, result: result ?? null }),
      (error: unknown) => send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });

  return new Promise((done) => socket.once("close", () => {
    const stuck = setTimeout(() => shell.killAll(), EXIT_GRACE_MS);
    void shell.endAll().then(() => {
      clearTimeout(stuck);
      done();
    });
  }));
}
