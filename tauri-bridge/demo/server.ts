/**
 * `npm run demo -- --port PORT --config-dir DIR`: the memory panel in a browser, wired to a real sidecar on DIR
 * through the bridge's Tauri code path (issue 18.5). 127.0.0.1 only; the relay takes only its own page.
 */

import { spawnSync } from "node:child_process";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { WebSocketServer } from "ws";

import { python, sidecarEnv } from "../harness/sidecar.js";
import { serveRelay } from "./relay.js";

const BRIDGE = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOST = "127.0.0.1";
/** A little over the sidecar's 16 MiB line cap: the largest request the bridge may send. */
const MAX_RELAY_MESSAGE = 17 * 1024 * 1024;

/** URL prefix → directory; only these files are served, and only these kinds. */
const ROOTS: ReadonlyArray<[string, string]> = [
  ["/dist/src/", join(BRIDGE, "dist", "src")],
  ["/dist/demo/", join(BRIDGE, "dist", "demo")],
  ["/vendor/tauri-api/", join(BRIDGE, "node_modules", "@tauri-apps", "api")],
  ["/vendor/plugin-shell/", join(BRIDGE, "node_modules", "@tauri-apps", "plugin-shell", "dist-js")],
  ["/vendor/vue/", join(BRIDGE, "node_modules", "vue", "dist")],
  ["/style/", join(BRIDGE, "src", "vue")],
  ["/demo/", join(BRIDGE, "demo")],
];
const TYPES: Readonly<Record<string, string>> = { ".js": "text/javascript", ".css": "text/css" };

const IMPORT_MAP = JSON.stringify({
  imports: {
    vue: "/vendor/vue/vue.runtime.esm-browser.prod.js",
    "@tauri-apps/api/core": "/vendor/tauri-api/core.js",
    "@tauri-apps/api/path": "/vendor/tauri-api/path.js",
    "@tauri-apps/api/mocks": "/vendor/tauri-api/mocks.js",
    "@tauri-apps/plugin-shell": "/vendor/plugin-shell/index.js",
  },
});

export interface DemoOptions {
  /** 0 picks a free port. */
  port: number;
  configDir: string;
  /** Extra environment for the sidecar (AI_MEMORY_* settings). */
  env?: Record<string, string>;
}

export interface Demo {
  url: string;
  port: number;
  /** The page's Origin: the only one the relay accepts. */
  origin: string;
  /** Stops serving, closes every page's relay and waits for their sidecars to exit. */
  close(): Promise<void>;
}

/** The app's own settings the panel's v-models start from (the app's settings store owns them; here the file). */
function appSettings(configDir: string): { limit: number; enabled: boolean } {
  try {
    const settings = JSON.parse(readFileSync(join(configDir, "app_config.json"), "utf8"))?.settings ?? {};
    return {
      limit: Number.isInteger(settings.aiMemoryLimit) ? settings.aiMemoryLimit : 100,
      enabled: settings.aiMemoryEnabled !== false,
    };
  } catch {
    return { limit: 100, enabled: true };
  }
}

function page(token: string, settings: { limit: number; enabled: boolean }): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="relay-token" content="${token}">
<meta name="app-settings" content="${settings.limit} ${settings.enabled}">
<title>ai-memory · 记忆设置</title>
<link rel="stylesheet" href="/style/style.css">
<link rel="stylesheet" href="/demo/page.css">
<script type="importmap">${IMPORT_MAP}</script>
<script type="module" src="/dist/demo/page.js"></script>
</head>
<body>
<div id="app"></div>
</body>
</html>
`;
}

/** The file a URL path names under one of ROOTS, or undefined: no `..`, no other kinds, nothing else. */
function staticFile(pathname: string): string | undefined {
  for (const [prefix, root] of ROOTS) {
    if (!pathname.startsWith(prefix)) continue;
    const file = resolve(root, `.${sep}${decodeURIComponent(pathname.slice(prefix.length))}`);
    if (!file.startsWith(root + sep) || TYPES[extname(file)] === undefined) return undefined;
    try {
      return statSync(file).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Socket, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startDemo(options: DemoOptions): Promise<Demo> {
  mkdirSync(options.configDir, { recursive: true });
  const token = randomBytes(32).toString("base64url");
  const importMapHash = createHash("sha256").update(IMPORT_MAP).digest("base64");
  let port = options.port;
  const ownHost = (): string => `${HOST}:${port}`;
  const origin = (): string => `http://${ownHost()}`;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const headers = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
    // A page from another name that resolves here (DNS rebinding) must not read the token.
    if (request.headers.host !== ownHost() || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(403, headers).end();
      return;
    }
    const { pathname } = new URL(request.url ?? "/", origin());
    if (pathname === "/") {
      response.writeHead(200, {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": [
          "default-src 'none'", `script-src 'self' 'sha256-${importMapHash}'`, "style-src 'self'",
          `connect-src ws://${ownHost()}`, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        ].join("; "),
        "referrer-policy": "no-referrer",
      }).end(page(token, appSettings(options.configDir)));
      return;
    }
    const file = staticFile(pathname);
    if (file === undefined) {
      response.writeHead(404, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, "content-type": `${TYPES[extname(file)]}; charset=utf-8` })
      .end(readFileSync(file));
  });

  const relays = new WebSocketServer({ noServer: true, maxPayload: MAX_RELAY_MESSAGE });
  const running = new Set<Promise<void>>();
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(request.url ?? "/", origin());
    if (url.pathname !== "/relay" || request.headers.host !== ownHost()) return refuse(socket, "404 Not Found");
    if (request.headers.origin !== origin() || !sameToken(url.searchParams.get("token"), token)) {
      return refuse(socket, "403 Forbidden");
    }
    relays.handleUpgrade(request, socket, head, (ws) => {
      const served = serveRelay(ws, options.configDir, options.env);
      running.add(served);
      void served.then(() => running.delete(served));
    });
  });

  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, HOST, () => done());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `${origin()}/`,
    port,
    origin: origin(),
    async close() {
      for (const client of relays.clients) client.close(1001, "demo stopping");
      await Promise.all(running);
      relays.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Why the demo's sidecar could not start (checked first: the page would only say the service is not running). */
function sidecarProblem(): string | null {
  if (process.env.SIDECAR_BINARY) return null;
  const interpreter = python();
  const probe = spawnSync(interpreter, ["-c", "import sidecar, msgspec, anyio, httpx"],
                          { env: sidecarEnv(), encoding: "utf8" });
  if (probe.status === 0) return null;
  return `${interpreter} cannot run the sidecar (${probe.error?.message ?? "its dependencies are missing"}): ` +
    "run `make run` once in the repository root (it makes .venv), or set SIDECAR_PYTHON";
}

function usage(message: string): never {
  process.stderr.write(`demo: ${message}\nusage: npm run demo -- --port PORT --config-dir DIR\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { port?: string; "config-dir"?: string };
  try {
    ({ values } = parseArgs({ options: { port: { type: "string" }, "config-dir": { type: "string" } } }));
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const port = Number(values.port ?? "0");
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`--port must be 0…65535, not ${values.port}`);
  if (!values["config-dir"]) usage("--config-dir is required (the sidecar's config dir, e.g. a scratch one)");
  const missing = sidecarProblem();
  if (missing !== null) {
    process.stderr.write(`demo: ${missing}\n`);
    process.exit(1);
  }
  const demo = await startDemo({ port, configDir: resolve(values["config-dir"]) });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void demo.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.stdout.write(`demo: ${demo.url}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
