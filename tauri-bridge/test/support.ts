/** Test support: the real Python sidecar and a scripted OpenAI-shaped server (the shell double: harness/shell-double.ts). */

import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { python, REPO, sidecarCommand, sidecarEnv } from "../harness/sidecar.js";
import { SidecarClient, type ClientOptions } from "../src/client.js";
import { NodeTransport } from "../src/node-transport.js";

export { python, REPO, sidecarCommand, sidecarEnv };

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), "bridge-test-"));
}

export function nodeClient(configDir: string, extraArgs: string[] = [], options: ClientOptions = {},
                           env: Record<string, string> = {}): SidecarClient {
  const { command, args } = sidecarCommand(["--config-dir", configDir, ...extraArgs]);
  return new SidecarClient(new NodeTransport({ command, args, env: sidecarEnv(env), cwd: REPO }), options);
}

export function memory(id: string, content: string, createdAt: number, sourceScope = "global") {
  return { id, content, createdAt, sourceScope };
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

interface ScriptedReply {
  status?: number;
  body: unknown;
  /** Resolve to let the reply go. */
  hold?: Promise<void>;
}

/** A scripted chat-completions server on 127.0.0.1. */
export class FakeOpenAI {
  readonly seen: Array<{ headers: IncomingMessage["headers"]; body: any }> = [];
  private readonly replies: ScriptedReply[] = [];
  private arrivals: Array<() => void> = [];
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  script(...replies: ScriptedReply[]): void {
    this.replies.push(...replies);
  }

  /** Resolves when the next request (after this call) has arrived; take it before sending. */
  nextArrival(): Promise<void> {
    return new Promise((done) => this.arrivals.push(done));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()) ?? done());
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.seen.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    const waiting = this.arrivals;
    this.arrivals = [];
    for (const done of waiting) done();
    const reply = this.replies.shift() ?? { status: 500, body: { error: "unscripted" } };
    if (reply.hold) await reply.hold;
    if (response.destroyed) return;
    response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  }
}

export function completion(content: string): unknown {
  return { choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] };
}
