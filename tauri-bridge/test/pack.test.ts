/** The install story an app follows: `npm pack` → a tarball → `npm install` in the app → import and type-check. */

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { REPO } from "./support.js";

const BRIDGE = join(REPO, "tauri-bridge");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** The exact version `npm ci` put in the npm cache, so the scratch install is served from it. */
function locked(name: string): string {
  const lock = JSON.parse(readFileSync(join(BRIDGE, "package-lock.json"), "utf8"));
  return `${name}@${lock.packages[`node_modules/${name}`].version}`;
}

function npm(args: string[], cwd: string): string {
  return execFileSync(NPM, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** npm's stdout and stderr together; throws with both when npm fails. */
function npmOutput(args: string[], cwd: string): string {
  const run = spawnSync(NPM, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 0, `npm ${args.join(" ")} failed:\n${output}`);
  return output;
}

/** The ```ts blocks of the README, de-indented (some sit in a numbered list). */
function readmeSnippets(readme: string): string[] {
  return [...readme.matchAll(/^([ \t]*)```ts\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body.split("\n").map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join("\n"));
}

const CALL_SITE = `
import {
  aiClearMemories, aiExtractMemories, aiListMemories, aiSaveMemories,
  aiMergeMemories, aiMemoryContext, maybeExtractMemories, configureSidecar, sidecarClient, errorPrefix,
  aiMemoryHistory, aiUndoChange, aiForgetHistory, aiRemember, aiSearchMemories, aiRememberConversation,
  SidecarClient, TauriTransport, ONEDIR_COMMAND, SIDECAR_PROGRAM,
  type AiMemoryItem, type ErrorPrefix,
} from "@ai-memory/tauri-bridge";
import { NodeTransport, SidecarClient as NodeSidecarClient } from "@ai-memory/tauri-bridge/node";

export async function app(): Promise<void> {
  const items: AiMemoryItem[] = await aiListMemories();
  await aiSaveMemories(items);
  const raw: string = await aiExtractMemories([{ role: "user", content: "hi" }]);
  await aiMergeMemories({ raw, sourceScope: "global", basis: items.map((m) => m.content) });
  const context = await aiMemoryContext(8192);
  await aiMemoryContext({ budgetBytes: 4096, query: "zsh" });
  const { extractedUpTo, receipt } = await maybeExtractMemories({ messages: [], scope: "global", turnId: "t" });
  const next: string | undefined = extractedUpTo;
  const changeId: string | null | undefined = receipt?.changeId;
  if (changeId) await aiUndoChange(changeId);
  await aiRemember("用户偏好 zsh", "global");
  const hits = (await aiSearchMemories("zsh", 5)).items.map((hit) => hit.memory.content);
  const kinds = (await aiMemoryHistory(10)).changes.map((change) => change.kind);
  await aiRememberConversation({ messages: [{ role: "user", content: "hi" }], sourceScope: "global" });
  await aiForgetHistory();
  void hits; void kinds;
  const prefix: ErrorPrefix | undefined = errorPrefix(context.content);
  void next; void prefix;
  await aiClearMemories();
  configureSidecar(new SidecarClient(new TauriTransport({ layout: "onefile" })));
  configureSidecar(new SidecarClient(new TauriTransport({ command: ONEDIR_COMMAND })));
  configureSidecar(new NodeSidecarClient(new NodeTransport({ command: "memory-sidecar", args: ["--config-dir", "/tmp/x"] })));
  await sidecarClient().stop();
  void SIDECAR_PROGRAM;
}
`;

test("npm pack builds dist on prepack and ships a manifest without the repo's scripts, leaving the repo's as it was",
     { timeout: 180_000 }, () => {
  const before = readFileSync(join(BRIDGE, "package.json"), "utf8");
  const out = mkdtempSync(join(tmpdir(), "bridge-pack-"));
  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", out], BRIDGE));
  const files: string[] = packed[0].files.map((file: { path: string }) => file.path);
  for (const needed of ["dist/src/index.js", "dist/src/index.d.ts", "dist/src/node.js", "dist/src/node.d.ts",
                        "tauri/capabilities/memory-sidecar.json", "tauri/README.md", "README.md", "dist/src/vue/index.js",
                        "dist/src/vue/index.d.ts", "src/vue/style.css"]) {
    assert.ok(files.includes(needed), `${needed} is in the tarball`);
  }
  assert.ok(!files.some((file) => file.startsWith("dist/test")), "tests stay out of the tarball");
  assert.equal(readFileSync(join(BRIDGE, "package.json"), "utf8"), before, "the repo's package.json is restored");
  assert.ok(!existsSync(join(BRIDGE, ".package.repo.json")), "no copy is left aside");

  // Issue 19.7: scripts whose files are not shipped (prepare: tsc …) made npm warn on every install.
  const tar = execFileSync("tar", ["-xOzf", join(out, packed[0].filename), "package/package.json"], { encoding: "utf8" });
  const manifest = JSON.parse(tar);
  assert.equal(manifest.scripts, undefined, "the packed manifest carries no scripts");
  assert.equal(manifest.devDependencies, undefined);
  assert.deepEqual(Object.keys(manifest.exports), [".", "./node", "./vue", "./vue/style.css", "./package.json"]);
  assert.deepEqual(manifest.sideEffects, ["*.css"], "a bundler keeps `import \"…/vue/style.css\"` (issue 18)");
});

test("the tarball installs offline without an install-scripts warning, imports by name, and every README snippet "
     + "and the /node entry type-check under --strict without skipLibCheck or @types/node", { timeout: 180_000 }, () => {
  const out = mkdtempSync(join(tmpdir(), "bridge-pack-"));
  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", out], BRIDGE));

  const app = mkdtempSync(join(tmpdir(), "bridge-app-"));
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  const installed = npmOutput(["install", "--prefer-offline", "--no-audit", "--no-fund", join(out, packed[0].filename),
                               locked("@tauri-apps/api"), locked("@tauri-apps/plugin-shell")], app);
  assert.doesNotMatch(installed, /install-scripts|prepare|tsconfig/, installed);
  assert.ok(!existsSync(join(app, "node_modules", "@types", "node")), "the app has no @types/node");

  // Issue 19.5/19.6: what the README shows an app team must compile as written.
  const snippets = readmeSnippets(readFileSync(join(REPO, "README.md"), "utf8"));
  assert.ok(snippets.length >= 3, `the README's ts snippets were found (${snippets.length})`);
  const sources = ["app.ts", ...snippets.map((_, index) => `readme-${index + 1}.ts`)];
  writeFileSync(join(app, "app.ts"), CALL_SITE);
  snippets.forEach((snippet, index) => writeFileSync(join(app, `readme-${index + 1}.ts`), snippet));
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true,
                       noEmit: true, skipLibCheck: false, lib: ["ES2022", "DOM"], types: [] },
    files: sources,
  }));
  const tsc = createRequire(join(BRIDGE, "package.json")).resolve("typescript/bin/tsc");
  const checked = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
  assert.equal(checked.status, 0, `tsc --strict in the app:\n${checked.stdout}${checked.stderr}`);

  const loaded = execFileSync(process.execPath, ["--input-type=module", "-e", `
    const main = await import("@ai-memory/tauri-bridge");
    const node = await import("@ai-memory/tauri-bridge/node");
    console.log(JSON.stringify([typeof main.aiListMemories, typeof main.aiSaveMemories, typeof main.aiClearMemories,
      typeof main.aiExtractMemories, typeof node.NodeTransport, node.SidecarClient === main.SidecarClient]));
  `], { cwd: app, encoding: "utf8" });
  assert.deepEqual(JSON.parse(loaded), ["function", "function", "function", "function", "function", true]);

  // Issue 18: all of the above ran without Vue (an optional peer, not installed); the panel's entry needs it.
  assert.ok(!existsSync(join(app, "node_modules", "vue")), "vue is not installed for an app that does not ask for it");
  npm(["install", "--prefer-offline", "--no-audit", "--no-fund", locked("vue")], app);
  writeFileSync(join(app, "panel.ts"), VUE_CALL_SITE);
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true,
                       noEmit: true, skipLibCheck: false, lib: ["ES2022", "DOM"], types: [] },
    files: [...sources, "panel.ts"],
  }));
  const withVue = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
  assert.equal(withVue.status, 0, `tsc --strict with the panel:\n${withVue.stdout}${withVue.stderr}`);
  const panel = execFileSync(process.execPath, ["--input-type=module", "-e", `
    const vue = await import("@ai-memory/tauri-bridge/vue");
    console.log(JSON.stringify([vue.MemorySettings.name, vue.MemoryChatNotice.name, typeof vue.useMemories,
      import.meta.resolve("@ai-memory/tauri-bridge/vue/style.css").endsWith("/src/vue/style.css")]));
  `], { cwd: app, encoding: "utf8" });
  assert.deepEqual(JSON.parse(panel), ["MemorySettings", "MemoryChatNotice", "function", true]);
});

/** What an app adds to mount the panel (README "How the frontend uses it"), plus the chat notice. */
const VUE_CALL_SITE = `
import { createApp, h, ref } from "vue";
import { MemoryChatNotice, MemorySettings, useMemoryExtraction } from "@ai-memory/tauri-bridge/vue";

const settings = { aiMemoryEnabled: ref(true), aiMemoryLimit: ref(100) };
const extraction = useMemoryExtraction();
createApp({
  setup: () => () => [
    h(MemorySettings, {
      enabled: settings.aiMemoryEnabled.value, "onUpdate:enabled": (v: boolean) => (settings.aiMemoryEnabled.value = v),
      limit: settings.aiMemoryLimit.value, "onUpdate:limit": (v: number) => (settings.aiMemoryLimit.value = v),
    }),
    h(MemoryChatNotice, { extraction }),
  ],
});
export async function afterTurn(): Promise<string | undefined> {
  const { extractedUpTo } = await extraction.run({ messages: [], scope: "global", turnId: "t" });
  return extractedUpTo;
}
`;

test("the README's ExtractionTurn table lists every field of the type, optional ones marked", () => {
  const source = readFileSync(join(BRIDGE, "src", "trigger.ts"), "utf8");
  const body = /export interface ExtractionTurn \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? "";
  const fields = [...body.matchAll(/^\s+(\w+\??):/gm)].map(([, field]) => field);
  assert.ok(fields.length >= 5, `ExtractionTurn's fields were found (${fields.length})`);
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const rows = [...readme.matchAll(/^\s*\| `(\w+\??)` \|/gm)].map(([, field]) => field);
  for (const field of fields) assert.ok(rows.includes(field), `README lists ExtractionTurn.${field}`);
});
