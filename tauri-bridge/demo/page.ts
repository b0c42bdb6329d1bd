/**
 * The demo page: MemorySettings on the bridge's Tauri code path. `mockIPC` stands in for Tauri's IPC and
 * forwards the shell plugin's calls to the relay (demo/relay.ts), which runs the real sidecar.
 */

import { mockIPC } from "@tauri-apps/api/mocks";
import { createApp, h, ref } from "vue";

import { MemorySettings, type Lang } from "../src/vue/index.js";
import type { RelayMessage } from "./relay.js";

interface Internals {
  runCallback(id: number, data: unknown): void;
}

function connect(): Promise<WebSocket> {
  const token = document.querySelector<HTMLMetaElement>('meta[name="relay-token"]')?.content ?? "";
  const socket = new WebSocket(`ws://${location.host}/relay?token=${encodeURIComponent(token)}`);
  return new Promise((done, fail) => {
    socket.addEventListener("open", () => done(socket), { once: true });
    socket.addEventListener("error", () => fail(new Error("the relay refused the connection")), { once: true });
  });
}

function relayIpc(socket: WebSocket): void {
  const pending = new Map<number, { done: (value: unknown) => void; fail: (error: unknown) => void }>();
  let next = 0;
  socket.addEventListener("message", (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as RelayMessage;
    if ("channel" in message) {
      (window as unknown as { __TAURI_INTERNALS__: Internals }).__TAURI_INTERNALS__.runCallback(message.channel, message.message);
      return;
    }
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if ("error" in message) waiter?.fail(message.error);
    else waiter?.done(message.result);
  });
  socket.addEventListener("close", () => {
    for (const waiter of pending.values()) waiter.fail("the demo relay closed");
    pending.clear();
    banner("演示服务已停止 · the demo server has stopped");
  });
  mockIPC((cmd, args) => {
    const payload = { ...(args as Record<string, unknown>) };
    // A Channel goes over the wire as its id; the relay's messages come back to it through runCallback.
    const channel = payload.onEvent as { id: number } | undefined;
    if (channel !== undefined) payload.onEvent = { id: channel.id };
    return new Promise((done, fail) => {
      const id = ++next;
      pending.set(id, { done, fail });
      socket.send(JSON.stringify({ id, cmd, args: payload }));
    });
  });
}

function banner(text: string): void {
  const line = document.createElement("p");
  line.className = "demo-banner";
  line.setAttribute("role", "alert");
  line.textContent = text;
  document.getElementById("app")?.prepend(line);
}

async function start(): Promise<void> {
  relayIpc(await connect());
  const lang: Lang = new URLSearchParams(location.search).get("lang") === "en" ? "en" : "zh";
  document.documentElement.lang = lang === "en" ? "en" : "zh-CN";
  const [limitText, enabledText] = (document.querySelector<HTMLMetaElement>('meta[name="app-settings"]')?.content ?? "").split(" ");
  // In an app these live in its settings store (which writes app_config.json); the demo starts from that file.
  const enabled = ref(enabledText !== "false");
  const limit = ref(Number(limitText) || 100);
  createApp({
    setup: () => () => h("main", { class: "demo" }, [
      h(MemorySettings, {
        lang,
        enabled: enabled.value,
        "onUpdate:enabled": (value: boolean) => (enabled.value = value),
        limit: limit.value,
        "onUpdate:limit": (value: number) => (limit.value = value),
      }),
    ]),
  }).mount("#app");
}

start().catch((error: unknown) => banner(error instanceof Error ? error.message : String(error)));
