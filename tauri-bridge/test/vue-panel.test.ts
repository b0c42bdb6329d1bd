/** The Vue memory panel's logic against a bridge double (issue 18.1–18.3): validation, calls, errors, undo, limits. */

import "./dom.js";

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { flushPromises, mount, type VueWrapper } from "@vue/test-utils";
import { defineComponent, h, ref } from "vue";

import {
  changeDetails,
  MemoryChatNotice,
  MemorySettings,
  STRINGS,
  useMemoryExtraction,
  type MemoryBridge,
} from "../src/vue/index.js";
import { MAX_EPOCH_MS, type MergeResult } from "../src/generated/protocol.js";
import type { ExtractionOutcome, ExtractionTurn } from "../src/trigger.js";
import { BridgeDouble, item } from "./bridge-double.js";

const zh = STRINGS.zh;
let mounted: VueWrapper | undefined;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = "";
});

async function panel(double: BridgeDouble, props: Record<string, unknown> = {}): Promise<VueWrapper> {
  mounted = mount(MemorySettings, { props: { bridge: double.bridge, ...props }, attachTo: document.body });
  await flushPromises();
  return mounted;
}

function list(wrapper: VueWrapper, name: string): string[] {
  return wrapper.findAll(`ul[aria-label="${name}"] > li .aim-content`).map((node) => node.text());
}

function button(wrapper: VueWrapper, name: string, within = "") {
  const found = wrapper.findAll(`${within} button`).filter((node) => node.text() === name);
  assert.ok(found.length > 0, `a button named ${name}`);
  return found[0];
}

/** The button of that name inside one row (or any wrapper). */
function named(within: Pick<VueWrapper, "findAll">, name: string) {
  const found = within.findAll("button").filter((node) => node.text() === name);
  assert.equal(found.length, 1, `one button named ${name}`);
  return found[0];
}

async function type(wrapper: VueWrapper, selector: string, text: string): Promise<void> {
  await wrapper.find(selector).setValue(text);
  await flushPromises();
}

const ADD = "form.aim-add input";

test("an empty or whitespace-only entry shows a message and sends nothing", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double);
  await type(wrapper, ADD, "   ");
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find('[role="alert"]').text(), zh.inputEmpty);
  assert.equal(wrapper.find(ADD).attributes("aria-invalid"), "true");
  assert.deepEqual(double.writes(), []);
});

test("an entry over 200 characters (code points) shows a message and sends nothing; exactly 200 is sent", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double);
  await type(wrapper, ADD, "记".repeat(201));
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find('[role="alert"]').text(), zh.inputTooLong(201));
  assert.deepEqual(double.writes(), []);

  await type(wrapper, ADD, "😀".repeat(200));
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.deepEqual(double.writes().map((c) => c.name), ["aiRemember"], "200 emoji are 400 UTF-16 units but 200 characters");
  assert.equal(wrapper.find('[role="alert"]').exists(), false);
});

test("添加 calls aiRemember with the trimmed text and the scope; the list and a notice with 撤销 follow", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double, { sourceScope: "global" });
  assert.equal(wrapper.find(".aim-empty").text(), zh.empty);
  await type(wrapper, ADD, "  用户偏好 zsh  ");
  await button(wrapper, zh.add).trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes(), [{ name: "aiRemember", args: ["用户偏好 zsh", "global"] }]);
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"]);
  assert.equal((wrapper.find(ADD).element as HTMLInputElement).value, "", "the field empties after a success");
  const status = wrapper.find('[role="status"]');
  assert.match(status.text(), /新增 1 条/);
  assert.ok(status.findAll("button").some((node) => node.text() === zh.undo));
});

test("the latest createdAt the sidecar accepts renders a date in the list", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", MAX_EPOCH_MS), item("b", "项目使用 pnpm", 0)]);
  const wrapper = await panel(double);
  assert.deepEqual(list(wrapper, zh.list).sort(), ["用户偏好 zsh", "项目使用 pnpm"].sort());
  const dates = wrapper.findAll(`ul[aria-label="${zh.list}"] > li .aim-meta`).map((node) => node.text());
  assert.equal(dates.length, 2);
  for (const date of dates) assert.match(date, /\d{2}/);
});

test("删除 deletes that memory by id, and the notice's 撤销 undoes exactly that delete", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]);
  const wrapper = await panel(double);
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm", "用户偏好 zsh"], "newest first");
  const row = wrapper.findAll(`ul[aria-label="${zh.list}"] > li`)[1];
  await named(row, zh.delete).trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes()[0], { name: "aiDeleteMemories", args: [["a"]] });
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm"]);
  assert.match(wrapper.find('[role="status"]').text(), /删除 1 条/);
  assert.equal(document.activeElement?.textContent, zh.undo, "focus lands on the notice's 撤销, not on <body>");

  const deleteChange = double.history.at(-1)!.changeId;
  await button(wrapper, zh.undo, '[role="status"]').trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes().at(-1), { name: "aiUndoChange", args: [deleteChange] });
  assert.deepEqual(list(wrapper, zh.list).sort(), ["用户偏好 zsh", "项目使用 pnpm"].sort());
  assert.match(wrapper.find('[role="status"]').text(), new RegExp(zh.undone));
  assert.equal(named(wrapper.find('[role="status"]'), zh.redo).exists(), true, "undoing an undo reads 重做, not 撤销");
  assert.deepEqual(wrapper.findAll(`ul[aria-label="${zh.recent}"] > li button`).map((b) => b.text()), [zh.redo, zh.undo],
                   "in 最近变更 too");
  await named(wrapper.find('[role="status"]'), zh.redo).trigger("click");
  await flushPromises();
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm"], "重做 deletes it again");
});

test("two deletes clicked at once both stay deleted (changes run one after another)", async () => {
  const double = new BridgeDouble([item("a", "甲", 1), item("b", "乙", 2), item("c", "丙", 3)]);
  const wrapper = await panel(double);
  const rows = wrapper.findAll(`ul[aria-label="${zh.list}"] > li`).map((row) => named(row, zh.delete));
  await Promise.all([rows[0].trigger("click"), rows[1].trigger("click")]);
  await flushPromises();
  await flushPromises();
  assert.deepEqual(double.store.map((m) => m.id), ["a"]);
  assert.deepEqual(list(wrapper, zh.list), ["甲"]);
});

test("编辑 turns the row into a text box with the memory's text; 保存 edits it by id and 撤销 brings the old text back", async () => {
  const double = new BridgeDouble([item("a", "用户住在厦门", 1), item("b", "项目使用 pnpm", 2)]);
  const wrapper = await panel(double);
  const row = () => wrapper.findAll(`ul[aria-label="${zh.list}"] > li`).find((li) => li.text().includes("厦门")
    || li.find("input").exists())!;
  await named(row(), zh.edit).trigger("click");
  await flushPromises();
  const box = wrapper.find(`input[aria-label="${zh.editField}"]`);
  assert.equal((box.element as HTMLInputElement).value, "用户住在厦门");
  assert.equal(document.activeElement, box.element, "focus moves into the box");
  await box.setValue("  用户住在青岛 ");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.deepEqual(double.writes(), [{ name: "aiEditMemory", args: ["a", "用户住在青岛", "用户住在厦门"] }],
                   "with the text the edit started from, so an update made meanwhile is not overwritten");
  assert.deepEqual(list(wrapper, zh.list), ["用户住在青岛", "项目使用 pnpm"], "the edited memory is the newest");
  assert.equal(wrapper.find(`input[aria-label="${zh.editField}"]`).exists(), false, "the box closes");
  assert.match(wrapper.find('[role="status"]').text(), /修改 1 条/);
  assert.equal(document.activeElement?.textContent, zh.edit, "focus returns to the same memory's 编辑");

  await button(wrapper, zh.undo, '[role="status"]').trigger("click");
  await flushPromises();
  assert.deepEqual(list(wrapper, zh.list).sort(), ["用户住在厦门", "项目使用 pnpm"].sort());
});

test("an edit left empty or over 200 characters says why and sends nothing; Escape and 取消 keep the old text", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)]);
  const wrapper = await panel(double);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  const box = () => wrapper.find(`input[aria-label="${zh.editField}"]`);
  for (const [text, sentence] of [["   ", zh.inputEmpty], ["字".repeat(201), zh.inputTooLong(201)]] as const) {
    await box().setValue(text);
    await wrapper.find("form.aim-edit").trigger("submit");
    await flushPromises();
    assert.equal(wrapper.find('form.aim-edit [role="alert"]').text(), sentence);
    assert.equal(box().attributes("aria-invalid"), "true");
  }
  await box().trigger("keydown", { key: "Escape", isComposing: true });
  await flushPromises();
  assert.equal(box().exists(), true, "Escape inside an input method's composition only ends the composition");
  await box().trigger("keydown", { key: "Escape" });
  await flushPromises();
  assert.equal(box().exists(), false);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  await box().setValue("用户偏好 fish");
  await named(wrapper, zh.cancel).trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes(), [], "nothing was sent");
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"]);
});

test("a memory with a line break opens folded to one line, and saving it unchanged (or twice at once) sends at most one edit", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh\n和 tmux", 1)]);
  const wrapper = await panel(double);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  const box = () => wrapper.find(`input[aria-label="${zh.editField}"]`);
  assert.equal((box().element as HTMLInputElement).value, "用户偏好 zsh 和 tmux", "not \"zsh和 tmux\", as a text box would make it");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.deepEqual(double.writes(), [], "an unchanged text is not an edit");
  assert.equal(box().exists(), false);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  await box().setValue("用户偏好 fish");
  const form = wrapper.find("form.aim-edit");
  await Promise.all([form.trigger("submit"), form.trigger("submit")]);
  await flushPromises();
  assert.equal(double.writes().filter((c) => c.name === "aiEditMemory").length, 1, "Enter twice saves once");
  assert.match(wrapper.find('[role="status"]').text(), /修改 1 条/, "and the notice keeps its 撤销");
});

test("an edit of a memory an extraction updated meanwhile shows the new text and saves only when asked again", async () => {
  const double = new BridgeDouble([item("a", "用户的 Node 版本是 18", 1)]);
  const wrapper = await panel(double);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  double.store = [{ ...double.store[0], content: "用户的 Node 版本是 20" }];
  const box = () => wrapper.find(`input[aria-label="${zh.editField}"]`);
  await box().setValue("用户的 Node 版本是 18，用 nvm 管理");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find('form.aim-edit [role="alert"]').text(), zh.editConflict("用户的 Node 版本是 20"));
  assert.equal((box().element as HTMLInputElement).value, "用户的 Node 版本是 18，用 nvm 管理", "the draft stays");
  assert.equal(double.store[0].content, "用户的 Node 版本是 20", "the update was not overwritten");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.deepEqual(double.writes().at(-1)?.args, ["a", "用户的 Node 版本是 18，用 nvm 管理", "用户的 Node 版本是 20"]);
  assert.equal(double.store[0].content, "用户的 Node 版本是 18，用 nvm 管理");
});

test("a text the sidecar finds empty is shown at the box, not reported as a memory that is gone", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)]);
  const wrapper = await panel(double);
  await named(wrapper, zh.edit).trigger("click");
  await flushPromises();
  double.failures.set("aiEditMemory", "RPC_INVALID_PARAMS: invalid params: the memory is empty - at `$.content`");
  await wrapper.find(`input[aria-label="${zh.editField}"]`).setValue("\u200b");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find('form.aim-edit [role="alert"]').text(), zh.inputEmpty);
  assert.notEqual(wrapper.find('[role="status"]').text(), zh.editGone);
});

test("undo, redo, undo: each notice and 最近变更 row names what its button does", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]);
  const wrapper = await panel(double);
  await named(wrapper.findAll(`ul[aria-label="${zh.list}"] > li`)[1], zh.delete).trigger("click");
  await flushPromises();
  const status = () => wrapper.find('[role="status"]');
  const rows = () => wrapper.findAll(`ul[aria-label="${zh.recent}"] > li`).map((li) => [li.find(".aim-change span").text(),
                                                                                       li.find("button").text()]);
  await named(status(), zh.undo).trigger("click");
  await flushPromises();
  assert.match(status().text(), new RegExp(`^${zh.undone}${zh.redo}$`));
  await named(status(), zh.redo).trigger("click");
  await flushPromises();
  assert.match(status().text(), new RegExp(`^${zh.redone}${zh.undo}$`), "after a redo: 已重做 · 撤销");
  assert.deepEqual(rows().map(([text, label]) => [text.split("：")[0], label]),
                   [["重做", zh.undo], ["撤销", zh.redo], ["删除 1 条", zh.undo]]);
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm"], "redone: deleted again");
  await named(status(), zh.undo).trigger("click");
  await flushPromises();
  assert.match(status().text(), new RegExp(`^${zh.undone}${zh.redo}$`));
  assert.deepEqual(list(wrapper, zh.list).sort(), ["用户偏好 zsh", "项目使用 pnpm"].sort());
});

test("an edit of a memory deleted meanwhile says so, changes nothing and shows the list as it is now", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]);
  const wrapper = await panel(double);
  const rowA = wrapper.findAll(`ul[aria-label="${zh.list}"] > li`)[1];
  await named(rowA, zh.edit).trigger("click");
  await flushPromises();
  double.store = double.store.filter((m) => m.id !== "a");
  await wrapper.find(`input[aria-label="${zh.editField}"]`).setValue("用户偏好 fish");
  await wrapper.find("form.aim-edit").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find(".aim-error").exists(), false, "not the general failure line");
  assert.equal(wrapper.find('[role="status"]').text(), zh.editGone);
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm"]);
  assert.equal(wrapper.find(`input[aria-label="${zh.editField}"]`).exists(), false);
});

test("清空记忆 opens a dialog; 取消 and Escape send nothing and return focus; 确认清空 clears and can be undone", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)], [{ ...item("z", "旧事", 0), archivedAt: 5 }]);
  const wrapper = await panel(double);
  const clear = button(wrapper, zh.clear);
  await clear.trigger("click");
  await flushPromises();
  const dialog = wrapper.find('[role="dialog"]');
  assert.equal(dialog.attributes("aria-modal"), "true");
  assert.equal(wrapper.find(`#${dialog.attributes("aria-labelledby")}`).text(), zh.clearTitle);
  assert.equal(document.activeElement?.textContent, zh.cancel, "the safe choice has focus first");
  await button(wrapper, zh.cancel, '[role="dialog"]').trigger("click");
  await flushPromises();
  assert.equal(wrapper.find('[role="dialog"]').exists(), false);
  assert.equal(document.activeElement, clear.element, "focus returns to 清空记忆");

  await clear.trigger("click");
  await flushPromises();
  await wrapper.find('[role="dialog"]').trigger("keydown", { key: "Escape" });
  await flushPromises();
  assert.equal(wrapper.find('[role="dialog"]').exists(), false);
  assert.equal(document.activeElement, clear.element);
  assert.deepEqual(double.writes(), [], "neither cancel sent anything");

  await clear.trigger("click");
  await flushPromises();
  await button(wrapper, zh.confirmClear, '[role="dialog"]').trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes().map((c) => c.name), ["aiClearMemories"]);
  assert.deepEqual(list(wrapper, zh.list), []);
  assert.equal(wrapper.find(".aim-sub h3").exists(), true);
  assert.match(wrapper.text(), /归档（0 条）/);
  assert.equal(document.activeElement, clear.element, "focus returns to 清空记忆 after confirming too");
  assert.match(wrapper.find('[role="status"]').text(), /清空 2 条/);

  await button(wrapper, zh.undo, '[role="status"]').trigger("click");
  await flushPromises();
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"]);
  assert.deepEqual(list(wrapper, zh.archiveList), ["旧事"]);
});

test("忘记历史 asks first, calls aiForgetHistory on confirm only, and offers no undo afterwards (S9.7)", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double);
  await type(wrapper, ADD, "用户偏好 zsh");
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.findAll(`ul[aria-label="${zh.recent}"] > li`).length, 1);
  const forget = button(wrapper, zh.forget);
  await forget.trigger("click");
  await flushPromises();
  assert.equal(wrapper.find(".aim-dialog-title").text(), zh.forgetTitle);
  await button(wrapper, zh.cancel, '[role="dialog"]').trigger("click");
  await flushPromises();
  assert.equal(document.activeElement, forget.element, "focus returns to the button that opened it");
  assert.ok(!double.names().includes("aiForgetHistory"));
  await forget.trigger("click");
  await flushPromises();
  await button(wrapper, zh.confirmForget, '[role="dialog"]').trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes().map((c) => c.name), ["aiRemember", "aiForgetHistory"]);
  assert.equal(wrapper.findAll(`ul[aria-label="${zh.recent}"] > li`).length, 0);
  const status = wrapper.find('[role="status"]');
  assert.equal(status.text(), zh.forgotten);
  assert.equal(status.find("button").exists(), false, "forgetting cannot be undone, so no 撤销");
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"], "the memories stay");
});

test("Tab stays inside the clear dialog", async () => {
  const wrapper = await panel(new BridgeDouble([item("a", "x", 1)]));
  await button(wrapper, zh.clear).trigger("click");
  await flushPromises();
  const confirm = button(wrapper, zh.confirmClear, '[role="dialog"]');
  (confirm.element as HTMLButtonElement).focus();
  await wrapper.find('[role="dialog"]').trigger("keydown", { key: "Tab" });
  assert.equal(document.activeElement?.textContent, zh.cancel);
  await wrapper.find('[role="dialog"]').trigger("keydown", { key: "Tab", shiftKey: true });
  assert.equal(document.activeElement, confirm.element);
});

test("the search box calls aiSearchMemories and shows only the hits; emptying it shows every memory again", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]);
  const wrapper = await panel(double);
  const box = `input[type="search"][aria-label="${zh.search}"]`;
  await type(wrapper, box, "pnpm");
  assert.deepEqual(double.calls.filter((c) => c.name === "aiSearchMemories").map((c) => c.args), [["pnpm"]]);
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm"]);
  await type(wrapper, box, "nothing-like-it");
  assert.equal(wrapper.find(".aim-list-block .aim-empty").text(), zh.noMatches);
  await type(wrapper, box, "");
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm", "用户偏好 zsh"]);
});

test("a search hit from the archive says so and offers 恢复 instead of 删除 (S11.2)", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)], [{ ...item("z", "用户以前用 bash", 0), archivedAt: 9 }]);
  const wrapper = await panel(double);
  await type(wrapper, `input[type="search"][aria-label="${zh.search}"]`, "用户");
  const rows = wrapper.findAll(`ul[aria-label="${zh.list}"] > li`);
  assert.deepEqual(rows.map((row) => [row.find(".aim-content").text(), row.findAll("button").map((b) => b.text())]),
                   [["用户偏好 zsh", [zh.edit, zh.delete]], ["用户以前用 bash", [zh.restore, zh.delete]]]);
  assert.match(rows[1].find(".aim-meta").text(), new RegExp(`^${zh.archivedTag} `));
  await rows[1].find("button").trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes(), [{ name: "aiRestoreMemories", args: [["z"], 100] }]);
});

test("the archive shows its count; 恢复 calls aiRestoreMemories with the id and the app's limit", async () => {
  const archived = [{ ...item("z", "用户以前用 bash", 0), archivedAt: 9 }, { ...item("y", "项目曾用 npm", 0), archivedAt: 8 }];
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)], archived);
  const wrapper = await panel(double, { limit: 250 });
  assert.match(wrapper.text(), /归档（2 条）/);
  assert.deepEqual(list(wrapper, zh.archiveList), ["用户以前用 bash", "项目曾用 npm"]);
  await type(wrapper, `input[aria-label="${zh.archiveSearch}"]`, "bash");
  assert.deepEqual(double.calls.filter((c) => c.name === "aiListArchive").at(-1)?.args, [{ query: "bash", limit: 50 }]);
  assert.deepEqual(list(wrapper, zh.archiveList), ["用户以前用 bash"]);
  await button(wrapper, zh.restore, `ul[aria-label="${zh.archiveList}"]`).trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes(), [{ name: "aiRestoreMemories", args: [["z"], 250] }]);
  assert.ok(list(wrapper, zh.list).includes("用户以前用 bash"));
  assert.match(wrapper.find('[role="status"]').text(), /恢复 1 条/);
});

test("an archived memory's 删除 deletes it from the archive by id (it would still be recalled), and 撤销 brings it back", async () => {
  const archived = [{ ...item("z", "用户以前用 bash", 0), archivedAt: 9 }, { ...item("y", "项目曾用 npm", 0), archivedAt: 8 }];
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)], archived);
  const wrapper = await panel(double);
  const row = wrapper.findAll(`ul[aria-label="${zh.archiveList}"] > li`)[0];
  await named(row, zh.delete).trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes(), [{ name: "aiDeleteArchived", args: [["z"]] }]);
  assert.deepEqual(list(wrapper, zh.archiveList), ["项目曾用 npm"]);
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"], "the active memories are untouched");
  assert.match(wrapper.find('[role="status"]').text(), /删除 1 条/);
  await button(wrapper, zh.undo, '[role="status"]').trigger("click");
  await flushPromises();
  assert.deepEqual(list(wrapper, zh.archiveList).sort(), ["用户以前用 bash", "项目曾用 npm"].sort());
});

test("最近变更 lists the history newest first, and its 撤销 undoes that change, not the last one", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double);
  for (const text of ["第一条", "第二条"]) {
    await type(wrapper, ADD, text);
    await wrapper.find("form.aim-add").trigger("submit");
    await flushPromises();
  }
  const recent = wrapper.findAll(`ul[aria-label="${zh.recent}"] > li`);
  assert.equal(recent.length, 2);
  assert.deepEqual(recent.map((row) => row.findAll(".aim-change-detail").map((p) => p.text())), [["+ 第二条"], ["+ 第一条"]],
                   "each change says which memory it touched");
  const firstChange = double.history[0].changeId;
  await recent[1].find("button").trigger("click");
  await flushPromises();
  assert.deepEqual(double.writes().at(-1), { name: "aiUndoChange", args: [firstChange] });
  assert.deepEqual(list(wrapper, zh.list), ["第二条"]);
});

test("changeDetails names what a change touched: before → after, + added, − removed or purged, none for a clear, capped", () => {
  const a = item("a", "用户住在厦门"), a2 = item("a", "用户住在青岛"), b = item("b", "项目使用 pnpm"), c = item("c", "用户偏好 zsh");
  const base = { changeId: "x", at: 1, added: [], removed: [], updated: [], archived: [], revived: [], purged: [], undoes: null };
  assert.deepEqual(changeDetails({ ...base, kind: "merge", updated: [{ before: a, after: a2 }], added: [b] }),
                   { lines: ["用户住在厦门 → 用户住在青岛", "+ 项目使用 pnpm"], more: 0 });
  assert.deepEqual(changeDetails({ ...base, kind: "merge", added: [b], removed: [c], archived: [{ ...c, archivedAt: 2 }] }).lines,
                   ["+ 项目使用 pnpm"], "a memory moved to the archive was not taken out");
  assert.deepEqual(changeDetails({ ...base, kind: "delete_archived", purged: [{ ...c, archivedAt: 2 }] }).lines, ["− 用户偏好 zsh"]);
  assert.deepEqual(changeDetails({ ...base, kind: "clear", removed: [a, b, c] }), { lines: [], more: 0 });
  assert.deepEqual(changeDetails({ ...base, kind: "delete", removed: [a, b, c] }, 2), { lines: ["− 用户住在厦门", "− 项目使用 pnpm"], more: 1 });
});

test("a sidecar error shows one sentence chosen by its prefix, never the raw message, and the list stays usable", async () => {
  const double = new BridgeDouble([item("a", "用户偏好 zsh", 1)]);
  const wrapper = await panel(double);
  double.failures.set("aiDeleteMemories", "MEMORY_IO: could not write /home/u/.config/ai/memory/memory.json: [Errno 28]");
  await named(wrapper.find(`ul[aria-label="${zh.list}"] li`), zh.delete).trigger("click");
  await flushPromises();
  const alert = wrapper.find(".aim-error");
  assert.equal(alert.attributes("role"), "alert");
  assert.equal(alert.text(), zh.errors.MEMORY_IO);
  assert.deepEqual(list(wrapper, zh.list), ["用户偏好 zsh"], "nothing was removed from view");

  double.failures.set("aiRemember", "SIDECAR_UNAVAILABLE: the sidecar exited (code 1)");
  await type(wrapper, ADD, "项目使用 pnpm");
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find(".aim-error").text(), zh.errors.SIDECAR_UNAVAILABLE);

  double.failures.set("aiRemember", '{"jsonrpc":"2.0","error":{"code":-1}} at Object.<anonymous> (x.js:1:1)');
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find(".aim-error").text(), zh.errors.other, "an unknown failure gets the general sentence");

  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find(".aim-error").exists(), false, "the next success clears the line");
  assert.deepEqual(list(wrapper, zh.list), ["项目使用 pnpm", "用户偏好 zsh"]);
});

test("the limit spinbutton is bounded 10–1000: below or above is clamped, emitted through v-model:limit", async () => {
  const double = new BridgeDouble();
  const wrapper = await panel(double, { limit: 100 });
  const input = wrapper.find('input[type="number"]');
  assert.equal(input.attributes("min"), "10");
  assert.equal(input.attributes("max"), "1000");
  assert.equal(wrapper.find(`label[for="${input.attributes("id")}"]`).text(), zh.limit);
  for (const [typed, expected] of [["5", 10], ["5000", 1000], ["250", 250], ["37.6", 38]] as const) {
    await input.setValue(typed);
    await input.trigger("change");
    assert.equal((input.element as HTMLInputElement).value, String(expected), `${typed} shows as ${expected}`);
    assert.deepEqual(wrapper.emitted("update:limit")?.at(-1), [expected]);
    await wrapper.setProps({ limit: expected });
  }
  const before = wrapper.emitted("update:limit")?.length;
  await input.setValue("");
  await input.trigger("change");
  assert.equal((input.element as HTMLInputElement).value, "38", "an empty field goes back to the current limit");
  assert.equal(wrapper.emitted("update:limit")?.length, before);
});

test("v-model works both ways: the switch emits update:enabled and follows the app's value", async () => {
  const enabled = ref(true);
  const limit = ref(100);
  const double = new BridgeDouble();
  const Host = defineComponent({
    setup: () => () => h(MemorySettings, {
      bridge: double.bridge, enabled: enabled.value, "onUpdate:enabled": (v: boolean) => (enabled.value = v),
      limit: limit.value, "onUpdate:limit": (v: number) => (limit.value = v),
    }),
  });
  mounted = mount(Host, { attachTo: document.body });
  await flushPromises();
  const toggle = mounted.find('[role="switch"]');
  assert.equal(mounted.find(`#${toggle.attributes("aria-labelledby")}`).text(), zh.enable);
  assert.equal(toggle.attributes("aria-checked"), "true");
  await toggle.trigger("click");
  assert.equal(enabled.value, false);
  assert.equal(toggle.attributes("aria-checked"), "false");
  const input = mounted.find('input[type="number"]');
  await input.setValue("2000");
  await input.trigger("change");
  assert.equal(limit.value, 1000);
});

test("every name and text comes from the one table: lang=\"en\" gives English throughout", async () => {
  const en = STRINGS.en;
  const double = new BridgeDouble();
  const wrapper = await panel(double, { lang: "en" });
  assert.equal(wrapper.find("section.aim-panel").attributes("lang"), "en");
  assert.ok(wrapper.find(`ul[aria-label="${en.list}"]`).exists());
  assert.ok(wrapper.find(`input[type="search"][aria-label="${en.search}"]`).exists());
  assert.equal(wrapper.find(".aim-empty").text(), en.empty);
  assert.match(wrapper.text(), new RegExp(en.privacy));
  assert.doesNotMatch(wrapper.text(), /[\u4e00-\u9fff]/, "no Chinese left on the English panel");
  double.failures.set("aiRemember", "MEMORY_IO: x");
  await type(wrapper, ADD, "The user prefers zsh");
  await wrapper.find("form.aim-add").trigger("submit");
  await flushPromises();
  assert.equal(wrapper.find(".aim-error").text(), en.errors.MEMORY_IO);
  assert.deepEqual(Object.keys(STRINGS.en).sort(), Object.keys(STRINGS.zh).sort());
});

test("the Chinese panel shows the seed's empty-state text, the privacy note and every required name", async () => {
  const wrapper = await panel(new BridgeDouble());
  assert.equal(zh.empty, "对话中产生的偏好与事实将自动记录在这里");
  assert.equal(zh.privacy, "记忆内容将随对话发送给模型服务商");
  assert.match(wrapper.text(), new RegExp(zh.privacy));
  const names = { list: "记忆列表", addField: "手动添加", add: "添加", clear: "清空记忆", confirmClear: "确认清空",
                  search: "搜索记忆", undo: "撤销", enable: "启用记忆", limit: "条数上限", delete: "删除" };
  for (const [key, name] of Object.entries(names)) assert.equal(zh[key as keyof typeof names], name);
  assert.equal(wrapper.find(`label[for="${wrapper.find(ADD).attributes("id")}"]`).text(), "手动添加");
});

function outcome(receipt: MergeResult | null): ExtractionOutcome {
  return { extractedUpTo: "m2", receipt };
}

const TURN: ExtractionTurn = { messages: [], scope: "global", turnId: "t1" };

test("the chat notice says 正在整理记忆… while a round runs, and 取消整理 aborts it through the signal", async () => {
  let seen: AbortSignal | undefined;
  const extraction = useMemoryExtraction({
    extract: (turn) => new Promise((done) => {
      seen = turn.signal;
      turn.signal?.addEventListener("abort", () => done({ ...outcome(null), error: "CANCELLED: cancelled by the caller" }));
    }),
  });
  mounted = mount(MemoryChatNotice, { props: { extraction }, attachTo: document.body });
  const running = extraction.run(TURN);
  await flushPromises();
  assert.equal(mounted.attributes("role"), "status");
  assert.match(mounted.text(), /正在整理记忆…/);
  await button(mounted, zh.chatCancel).trigger("click");
  await running;
  await flushPromises();
  assert.equal(seen?.aborted, true);
  assert.equal(mounted.text(), zh.chatCancelled);
});

test("after a round that changed something: 记忆已更新：新增 N 条，更新 M 条 · 撤销, and 撤销 undoes its changeId", async () => {
  const undone: string[] = [];
  const receipt: MergeResult = {
    memories: [], added: [item("a", "x"), item("b", "y")],
    updated: [{ before: item("c", "旧"), after: item("c", "新") }], evicted: [], dropped: 0, changeId: "ch-9",
    archived: [], revived: [],
  };
  const extraction = useMemoryExtraction({
    extract: async () => outcome(receipt),
    undo: (async (changeId: string) => {
      undone.push(changeId);
      return { ...receipt, removed: [], conflicts: 0 };
    }) as MemoryBridge["aiUndoChange"],
  });
  mounted = mount(MemoryChatNotice, { props: { extraction }, attachTo: document.body });
  assert.equal(mounted.text(), "");
  const result = await extraction.run(TURN);
  assert.equal(result.extractedUpTo, "m2");
  await flushPromises();
  assert.equal(mounted.text(), "记忆已更新：新增 2 条，更新 1 条 · 撤销");
  await button(mounted, zh.undo).trigger("click");
  await flushPromises();
  assert.deepEqual(undone, ["ch-9"]);
  assert.equal(mounted.text(), zh.undone);
});

test("a round that failed says why in the notice (no model configured), and the next good round replaces it", async () => {
  const answers: ExtractionOutcome[] = [
    { ...outcome(null), error: "AI_CONFIG: no model configured: send provider.model, or start the sidecar with --model" },
    outcome({ memories: [], added: [item("a", "x")], updated: [], evicted: [], dropped: 0, changeId: "ch-1",
              archived: [], revived: [] }),
  ];
  const extraction = useMemoryExtraction({ extract: async () => answers.shift()! });
  mounted = mount(MemoryChatNotice, { props: { extraction }, attachTo: document.body });
  await extraction.run(TURN);
  await flushPromises();
  assert.equal(mounted.text(), zh.errors.AI_CONFIG);
  assert.doesNotMatch(mounted.text(), /--model/, "a sentence, never the raw message");
  await extraction.run(TURN);
  await flushPromises();
  assert.equal(mounted.text(), "记忆已更新：新增 1 条，更新 0 条 · 撤销");
});

test("a round that changed nothing shows nothing", async () => {
  const extraction = useMemoryExtraction({
    extract: async () => outcome({ memories: [], added: [], updated: [], evicted: [], dropped: 0, changeId: null,
                                   archived: [], revived: [] }),
  });
  mounted = mount(MemoryChatNotice, { props: { extraction, lang: "en" }, attachTo: document.body });
  await extraction.run(TURN);
  await flushPromises();
  assert.equal(mounted.text(), "");
});
