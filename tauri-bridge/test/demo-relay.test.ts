/** The demo's server and relay (issue 18.5): only its own page gets the sidecar, which runs as the shell plugin runs it. */

import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, test } from "node:test";

import { WebSocket } from "ws";

import { startDemo, type Demo } from "../demo/server.js";
import { tempConfigDir } from "./support.js";

let demo: Demo;
let configDir: string;
let token: string;

function get(path: string, host?: string): Promise<{ status: number; body: string; csp: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port: demo.port, path, headers: host ? { host } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"),
                                      csp: String(response.headers["content-security-policy"] ?? "") }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** The HTTP status the upgrade got: 101 when the relay took the socket (then closed here). */
function upgrade(query: string, origin?: string): Promise<number> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`ws://127.0.0.1:${demo.port}/relay${query}`, origin ? { origin } : {});
    socket.on("open", () => {
      socket.close();
      done(101);
    });
    socket.on("unexpected-response", (_request, response) => done(response.statusCode ?? 0));
    socket.on("error", (error) => fail(error));
  });
}

before(async () => {
  configDir = tempConfigDir();
  demo = await startDemo({ port: 0, configDir });
  const page = await get("/");
  token = /name="relay-token" content="([^"]+)"/.exec(page.body)?.[1] ?? "";
  assert.ok(token.length >= 32, "the page carries the run's token");
});

after(() => demo.close());

test("the demo binds 127.0.0.1 and its page carries a per-run token behind a strict CSP", async () => {
  assert.match(demo.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const { csp } = await get("/");
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, new RegExp(`connect-src ws://127\\.0\\.0\\.1:${demo.port}(;|$)`));
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  const again = await startDemo({ port: 0, configDir: tempConfigDir() });
  try {
    const other = /name="relay-token" content="([^"]+)"/.exec((await new Promise<string>((done) => {
      request({ host: "127.0.0.1", port: again.port, path: "/" }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => done(body));
      }).end();
    })))?.[1];
    assert.ok(other !== undefined && other !== token, "each run has its own token");
  } finally {
    await again.close();
  }
});

test("a page from another Origin is refused by the relay, even holding the token", async () => {
  assert.equal(await upgrade(`?token=${token}`, "http://evil.example"), 403);
  assert.equal(await upgrade(`?token=${token}`, `http://localhost:${demo.port}`), 403, "another name for this host is another origin");
});

test("a bare ws:// client is refused: no Origin, no token, or a wrong token", async () => {
  assert.equal(await upgrade(`?token=${token}`), 403, "no Origin header");
  assert.equal(await upgrade("", demo.origin), 403, "no token");
  assert.equal(await upgrade(`?token=${token.slice(0, -1)}x`, demo.origin), 403, "a wrong token");
  assert.equal(await upgrade(`?token=${token}`, demo.origin), 101, "the page's own Origin with the token gets in");
});

test("a request naming another Host (DNS rebinding) gets neither the page nor the token", async () => {
  const rebound = await get("/", `evil.example:${demo.port}`);
  assert.equal(rebound.status, 403);
  assert.doesNotMatch(rebound.body, new RegExp(token));
});

test("only the panel's own files are served: no tests, no sources, no escaping the roots", async () => {
  assert.equal((await get("/dist/src/vue/index.js")).status, 200);
  assert.equal((await get("/vendor/tauri-api/mocks.js")).status, 200);
  for (const path of ["/dist/test/support.js", "/demo/server.ts", "/vendor/tauri-api/package.json",
                      "/dist/src/%2e%2e/%2e%2e/package.json", "/style/..%2f..%2fpackage.json", "/package.json"]) {
    assert.equal((await get(path)).status, 404, path);
  }
});

test("through the relay, the shell double runs the real sidecar on the demo's config dir and streams its stdout", async () => {
  const socket = new WebSocket(`ws://127.0.0.1:${demo.port}/relay?token=${token}`, { origin: demo.origin });
  await new Promise((done) => socket.once("open", done));
  const replies = new Map<number, (message: any) => void>();
  const lines: string[] = [];
  let sawReply: (() => void) | undefined;
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if ("channel" in message) {
      assert.equal(message.channel, 7);
      if (message.message.message.event === "Stdout") lines.push(message.message.message.payload);
      if (lines.some((line) => line.includes('"id":1'))) sawReply?.();
    } else replies.get(message.id)?.(message);
  });
  const call = (id: number, cmd: string, args: unknown): Promise<any> =>
    new Promise((done) => {
      replies.set(id, done);
      socket.send(JSON.stringify({ id, cmd, args }));
    });

  assert.deepEqual(await call(1, "plugin:path|resolve_directory", { directory: 14 }), { id: 1, result: configDir });
  assert.match((await call(2, "plugin:fs|read_file", { path: "/etc/passwd" })).error, /not relayed/);
  const refused = await call(3, "plugin:shell|spawn", { program: "/bin/sh", args: [], options: {}, onEvent: { id: 7 } });
  assert.match(refused.error, /not allowed on the configured shell scope/, "the shipped capability's scope applies");

  const spawned = await call(4, "plugin:shell|spawn", {
    program: "memory-sidecar-onedir", args: ["--config-dir", configDir], options: { encoding: "utf-8" }, onEvent: { id: 7 },
  });
  assert.ok(Number.isInteger(spawned.result), "a pid");
  const replied = new Promise<void>((done) => (sawReply = done));
  await call(5, "plugin:shell|stdin_write", { pid: spawned.result,
                                             buffer: '{"jsonrpc":"2.0","id":1,"method":"sidecar_info"}\n' });
  await replied;
  const info = JSON.parse(lines.find((line) => line.includes('"id":1'))!).result;
  assert.equal(info.configDir, configDir);
  socket.close();
});
