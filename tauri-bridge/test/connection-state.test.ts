/** The client's connection state (issue 14.4) over an in-memory transport: no process, no timing. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { SidecarClient, type ConnectionState } from "../src/client.js";
import type { ProcessEvents, SidecarProcess, Transport } from "../src/transport.js";
import { rejection } from "./support.js";

/** Answers every request with its method name; `sidecar_shutdown` answers null, then the process exits. */
class ScriptedTransport implements Transport {
  readonly written: string[][] = [];
  spawned = 0;
  private gate: Promise<void> | undefined;
  private openGate: () => void = () => undefined;

  /** Hold every spawn until release(), as a slow start does. */
  hold(): void {
    this.gate = new Promise((done) => (this.openGate = done));
  }

  release(): void {
    this.openGate();
  }

  async spawn(events: ProcessEvents): Promise<SidecarProcess> {
    await this.gate;
    const methods: string[] = [];
    this.written.push(methods);
    this.spawned++;
    let exited = false;
    return {
      write: async (data) => {
        if (exited) return;
        for (const line of data.split("\n").filter(Boolean)) {
          const request = JSON.parse(line) as { id?: number; method: string };
          methods.push(request.method);
          if (request.id === undefined) continue;
          const result = request.method === "sidecar_shutdown" ? null : request.method;
          events.stdout(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }) + "\n");
          if (request.method === "sidecar_shutdown") {
            exited = true;
            events.exit("code 0");
          }
        }
      },
      kill: async () => {
        exited = true;
        events.exit("signal 9");
      },
    };
  }
}

test("the state runs idle, starting, running, stopping, stopped; after stop() a call spawns nothing", async () => {
  const transport = new ScriptedTransport();
  const client = new SidecarClient(transport, { closeGraceMs: 0 });
  const seen: ConnectionState[] = [client.state];
  transport.hold();
  const first = client.call("sidecar_info", {});
  seen.push(client.state);
  transport.release();
  assert.equal(await first, "sidecar_info");
  seen.push(client.state);
  const stopped = client.stop();
  seen.push(client.state);
  await stopped;
  seen.push(client.state);
  assert.deepEqual(seen, ["idle", "starting", "running", "stopping", "stopped"]);
  assert.match((await rejection(client.call("ai_list_memories", {}))) as string,
               /^SIDECAR_UNAVAILABLE: the bridge was stopped .*ai_list_memories was not sent/);
  assert.equal(transport.spawned, 1);
  assert.deepEqual(transport.written, [["sidecar_info", "sidecar_shutdown"]]);
  assert.equal(client.stop(), client.stop(), "stop() is idempotent");
});

test("a stop() that comes while the first spawn is under way shuts that process down, and the waiting call rejects", async () => {
  const transport = new ScriptedTransport();
  const client = new SidecarClient(transport, { closeGraceMs: 0 });
  transport.hold();
  const waiting = rejection(client.call("ai_list_memories", {}));
  const stopped = client.stop();
  transport.release();
  await stopped;
  assert.match((await waiting) as string, /^SIDECAR_UNAVAILABLE: /);
  assert.deepEqual(transport.written, [["sidecar_shutdown"]], "the process spawned meanwhile got the shutdown, nothing else");
  assert.equal(client.state, "stopped");
});

test("stop() before any call starts nothing, and every later call rejects SIDECAR_UNAVAILABLE", async () => {
  const transport = new ScriptedTransport();
  const client = new SidecarClient(transport);
  await client.stop();
  assert.match((await rejection(client.call("sidecar_info", {}))) as string, /^SIDECAR_UNAVAILABLE: /);
  assert.equal(transport.spawned, 0);
  assert.equal(client.state, "stopped");
});

test("after a crash the state is idle and the next call respawns", async () => {
  const transport = new ScriptedTransport();
  const client = new SidecarClient(transport, { closeGraceMs: 0 });
  await client.call("sidecar_info", {});
  assert.equal(await client.call("sidecar_shutdown", {}), null);
  assert.equal(client.state, "idle");
  assert.equal(await client.call("sidecar_info", {}), "sidecar_info");
  assert.equal(transport.spawned, 2);
  await client.stop();
});
