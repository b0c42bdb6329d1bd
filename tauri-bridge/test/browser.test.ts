/**
 * The memory panel in a real browser (issue 18): Debian's chromium, driven by playwright-core, against the demo
 * and the real sidecar. Every step is checked on screen and in memory.json. BRIDGE_SCREENSHOTS=DIR keeps the
 * screenshots there (`npm run screenshots` writes docs/images/).
 */

import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";

import { chromium, type BrowserContext, type Page } from "playwright-core";

import { REPO, tempConfigDir } from "./support.js";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LIMIT = 10;
/** Distinct facts (no restatement of each other or of the first three): with those three, one past the limit. */
const MORE_FACTS = ["用户住在杭州", "用户养了一只猫叫米粒", "用户每天早上跑步", "团队周会在周三", "用户喜欢喝乌龙茶",
                    "用户的编辑器是 Neovim", "用户在学日语", "用户的生日在五月"];

const missing = !existsSync(CHROMIUM);
if (missing) {
  const message = `browser tests: ${CHROMIUM} not found (apt-get install -y chromium fonts-noto-cjk)`;
  // CI installs it (.ci/run); there a missing browser is a failure unless .ci/run said apt-get was not there.
  if (process.env.CI && process.env.BRIDGE_BROWSER !== "skip") throw new Error(message);
  console.error(`\n*** SKIPPED: ${message} ***\n`);
}

let demo: ChildProcess | undefined;
let context: BrowserContext | undefined;
let page: Page;
let configDir: string;
let shots: string;
let userDataDir: string;

function stored(): string[] {
  const file = join(configDir, "ai", "memory", "memory.json");
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as Array<{ content: string }>).map((m) => m.content);
}

function archivedOnDisk(): string[] {
  const file = join(configDir, "ai", "memory", "archive.json");
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as Array<{ content: string }>).map((m) => m.content);
}

function storedIds(): Map<string, string> {
  const file = join(configDir, "ai", "memory", "memory.json");
  const items = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Array<{ id: string; content: string }>) : [];
  return new Map(items.map((m) => [m.content, m.id]));
}

async function startDemo(): Promise<string> {
  const child = spawn(process.execPath, [join(REPO, "tauri-bridge", "dist", "demo", "server.js"), "--port", "0",
                                         "--config-dir", configDir], { stdio: ["ignore", "pipe", "inherit"] });
  demo = child;
  for await (const line of createInterface({ input: child.stdout! })) {
    const ready = /^demo: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
    if (ready) return ready[1];
  }
  throw new Error("the demo exited before it was ready");
}

const list = () => page.getByRole("list", { name: "记忆列表", exact: true });
const status = () => page.getByRole("status");

/** Waits until the memory list shows exactly `expected` (newest first), then checks the file holds the same. */
async function showsAndStores(expected: string[]): Promise<void> {
  await page.waitForFunction((want) => {
    const shown = Array.from(document.querySelectorAll('ul[aria-label="记忆列表"] .aim-content')).map((node) => node.textContent);
    return JSON.stringify(shown) === JSON.stringify(want);
  }, expected, { timeout: 15_000 }).catch(async () => {
    assert.deepEqual(await list().locator(".aim-content").allTextContents(), expected, "on screen");
  });
  assert.deepEqual(stored().sort(), [...expected].sort(), "in memory.json");
}

async function statusSays(text: RegExp): Promise<void> {
  await status().getByText(text).waitFor({ timeout: 15_000 }).catch(async () => {
    assert.match(await status().textContent() ?? "", text, "the notice");
  });
}

async function shoot(name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `memory-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function addByKeyboard(text: string): Promise<void> {
  const field = page.getByRole("textbox", { name: "手动添加", exact: true });
  await field.focus();
  await field.fill(text);
  await page.keyboard.press("Enter");
}

before(async () => {
  if (missing) return;
  configDir = tempConfigDir();
  writeFileSync(join(configDir, "app_config.json"), JSON.stringify({ settings: { aiMemoryLimit: LIMIT } }));
  shots = process.env.BRIDGE_SCREENSHOTS ? resolve(process.env.BRIDGE_SCREENSHOTS) : mkdtempSync(join(tmpdir(), "bridge-shots-"));
  mkdirSync(shots, { recursive: true });
  userDataDir = mkdtempSync(join(tmpdir(), "bridge-chromium-"));
  const url = await startDemo();
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 900, height: 1150 }, locale: "zh-CN",
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  await page.goto(url);
  await page.getByText("对话中产生的偏好与事实将自动记录在这里").waitFor({ timeout: 30_000 });
});

after(async () => {
  await context?.close();
  if (demo && demo.exitCode === null) {
    const exited = new Promise((done) => demo!.once("exit", done));
    demo.kill("SIGTERM");
    await exited;
  }
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test("the panel in chromium manages real memories: each step on screen and in memory.json (restore undone too)", { skip: missing, timeout: 180_000 }, async (t) => {
  await t.test("empty: the seed's empty text, every control by its accessible name, nothing on disk", async () => {
    for (const [role, name] of [["list", "记忆列表"], ["textbox", "手动添加"], ["button", "添加"], ["button", "清空记忆"],
                                ["searchbox", "搜索记忆"], ["switch", "启用记忆"], ["spinbutton", "条数上限"]] as const) {
      assert.equal(await page.getByRole(role, { name, exact: true }).count(), 1, `${role} "${name}"`);
    }
    await page.getByText("记忆内容将随对话发送给模型服务商").waitFor();
    assert.equal(await page.getByRole("spinbutton", { name: "条数上限" }).inputValue(), String(LIMIT), "from app_config.json");
    assert.deepEqual(stored(), []);
    await shoot("empty");
  });

  await t.test("add (keyboard only): an empty entry sends nothing, three real ones are stored", async () => {
    await page.getByRole("button", { name: "添加", exact: true }).click();
    await page.getByRole("alert").getByText("请输入要记住的内容。").waitFor();
    assert.deepEqual(stored(), []);
    await addByKeyboard("用户偏好 zsh");
    await showsAndStores(["用户偏好 zsh"]);
    await addByKeyboard("项目使用 pnpm");
    await showsAndStores(["项目使用 pnpm", "用户偏好 zsh"]);
    await addByKeyboard("用户的 Node 版本是 20");
    await showsAndStores(["用户的 Node 版本是 20", "项目使用 pnpm", "用户偏好 zsh"]);
    await statusSays(/新增 1 条/);
    await shoot("with-memories");
  });

  await t.test("delete, then 撤销 in the notice brings the same memory back", async () => {
    const id = storedIds().get("项目使用 pnpm");
    const row = list().getByRole("listitem").filter({ hasText: "项目使用 pnpm" });
    await row.getByRole("button", { name: "删除", exact: true }).click();
    await showsAndStores(["用户的 Node 版本是 20", "用户偏好 zsh"]);
    await statusSays(/删除 1 条/);
    await status().getByRole("button", { name: "撤销", exact: true }).click();
    await showsAndStores(["用户的 Node 版本是 20", "项目使用 pnpm", "用户偏好 zsh"]);
    assert.equal(storedIds().get("项目使用 pnpm"), id, "the same memory, same id");
    await statusSays(/已撤销/);
    assert.equal(await status().getByRole("button", { name: "重做", exact: true }).count(), 1, "an undo's own undo is a redo");
    await shoot("after-undo");
  });

  await t.test("clear (keyboard only) asks first, focus comes back, and 撤销 undoes the clear", async () => {
    const clear = page.getByRole("button", { name: "清空记忆", exact: true });
    await clear.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "清空全部记忆？" });
    await dialog.waitFor();
    await shoot("clear-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.equal(await clear.evaluate((node) => node === document.activeElement), true, "focus back on 清空记忆");
    assert.equal(stored().length, 3, "Escape cleared nothing");

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "取消", "the safe button has focus");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "确认清空");
    await page.keyboard.press("Enter");
    await showsAndStores([]);
    await page.getByText("对话中产生的偏好与事实将自动记录在这里").waitFor();
    assert.equal(await clear.evaluate((node) => node === document.activeElement), true, "focus back on 清空记忆");

    await status().getByRole("button", { name: "撤销", exact: true }).click();
    await showsAndStores(["用户的 Node 版本是 20", "项目使用 pnpm", "用户偏好 zsh"]);
  });

  await t.test("search shows the matching memories only; the store is untouched", async () => {
    const box = page.getByRole("searchbox", { name: "搜索记忆", exact: true });
    await box.fill("pnpm");
    await page.waitForFunction(() => Array.from(document.querySelectorAll('ul[aria-label="记忆列表"] .aim-content'))
      .map((node) => node.textContent).join("|") === "项目使用 pnpm", undefined, { timeout: 15_000 });
    assert.equal(stored().length, 3);
    await box.fill("");
    await showsAndStores(["用户的 Node 版本是 20", "项目使用 pnpm", "用户偏好 zsh"]);
  });

  await t.test("edit (keyboard only): 编辑 opens the text, Escape keeps it, Enter saves it under the same id", async () => {
    const id = storedIds().get("用户的 Node 版本是 20");
    const row = list().getByRole("listitem").filter({ hasText: "用户的 Node 版本是 20" });
    const edit = row.getByRole("button", { name: "编辑", exact: true });
    await edit.focus();
    await page.keyboard.press("Enter");
    const box = page.getByRole("textbox", { name: "编辑这条记忆", exact: true });
    await box.waitFor();
    assert.equal(await box.inputValue(), "用户的 Node 版本是 20");
    assert.equal(await box.evaluate((node) => node === document.activeElement), true, "focus in the box");
    await page.keyboard.press("Escape");
    await box.waitFor({ state: "detached" });
    assert.equal(await edit.evaluate((node) => node === document.activeElement), true, "focus back on 编辑");
    await page.keyboard.press("Enter");
    await box.fill("用户的 Node 版本是 22");
    await shoot("editing");
    await page.keyboard.press("Enter");
    await showsAndStores(["用户的 Node 版本是 22", "项目使用 pnpm", "用户偏好 zsh"]);
    assert.equal(storedIds().get("用户的 Node 版本是 22"), id, "the same memory, same id");
    await statusSays(/修改 1 条/);
  });

  await t.test(`past the limit (${LIMIT}) the oldest is archived, 恢复 brings it back into memory.json, 撤销 reverses that`, async () => {
    for (const fact of MORE_FACTS) {
      await addByKeyboard(fact);
      await list().getByText(fact, { exact: true }).waitFor({ timeout: 15_000 });
    }
    await page.getByRole("heading", { name: "归档（1 条）" }).waitFor({ timeout: 15_000 });
    const archive = page.getByRole("list", { name: "归档列表", exact: true });
    await archive.getByText("用户偏好 zsh").waitFor();
    assert.ok(!stored().includes("用户偏好 zsh"), "archived: out of memory.json");
    assert.deepEqual(archivedOnDisk(), ["用户偏好 zsh"], "archived: in archive.json");
    assert.equal(stored().length, LIMIT);
    await archive.getByRole("listitem").filter({ hasText: "用户偏好 zsh" }).getByRole("button", { name: "恢复", exact: true }).click();
    await list().getByText("用户偏好 zsh").waitFor({ timeout: 15_000 });
    assert.ok(stored().includes("用户偏好 zsh"), "restored: back in memory.json");
    assert.equal(stored().length, LIMIT, "the limit still holds: the oldest active one went to the archive");
    await archive.getByText("项目使用 pnpm").waitFor({ timeout: 15_000 });
    assert.ok(!stored().includes("项目使用 pnpm"));
    assert.deepEqual(archivedOnDisk(), ["项目使用 pnpm"], "the next oldest took its place in archive.json");
    await statusSays(/恢复 1 条，归档 1 条/);

    await status().getByRole("button", { name: "撤销", exact: true }).click();
    await archive.getByText("用户偏好 zsh").waitFor({ timeout: 15_000 });
    await list().getByText("项目使用 pnpm", { exact: true }).waitFor({ timeout: 15_000 });
    assert.ok(!stored().includes("用户偏好 zsh") && stored().includes("项目使用 pnpm"), "the restore undone on disk");
    assert.deepEqual(archivedOnDisk(), ["用户偏好 zsh"]);
    assert.equal(stored().length, LIMIT);
  });

  await t.test("清空记忆 empties the archive too, and 撤销 brings both back (S11.4)", async () => {
    const before = { store: stored().sort(), archive: archivedOnDisk() };
    await page.getByRole("button", { name: "清空记忆", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "确认清空", exact: true }).click();
    await showsAndStores([]);
    await page.getByRole("heading", { name: "归档（0 条）" }).waitFor({ timeout: 15_000 });
    assert.deepEqual(archivedOnDisk(), []);
    await status().getByRole("button", { name: "撤销", exact: true }).click();
    await page.getByRole("heading", { name: "归档（1 条）" }).waitFor({ timeout: 15_000 });
    await list().getByText("项目使用 pnpm", { exact: true }).waitFor({ timeout: 15_000 });
    assert.deepEqual({ store: stored().sort(), archive: archivedOnDisk() }, before);
  });

  await t.test("English with ?lang=en", async () => {
    await page.goto(`${page.url().split("?")[0]}?lang=en`);
    await page.getByRole("list", { name: "Memories", exact: true }).waitFor();
    assert.equal(await page.getByRole("searchbox", { name: "Search memories", exact: true }).count(), 1);
    assert.equal(await page.getByRole("switch", { name: "Enable memory", exact: true }).count(), 1);
  });
});
