/** Every word the memory panel shows or names for assistive technology, Chinese first (issue 18.2). */

import type { ErrorPrefix } from "../generated/protocol.js";

export type Lang = "zh" | "en";

export interface Strings {
  group: string;
  description: string;
  privacy: string;
  enable: string;
  limit: string;
  limitHint: string;
  search: string;
  list: string;
  empty: string;
  noMatches: string;
  loading: string;
  delete: string;
  edit: string;
  /** The accessible name of the text box that edits one memory. */
  editField: string;
  save: string;
  /** The edited memory was deleted or replaced (by an extraction, another window) before the edit landed. */
  editGone: string;
  /** The edited memory was updated (by an extraction) while the box was open; `now` is its new text. */
  editConflict: (now: string) => string;
  global: string;
  addField: string;
  addPlaceholder: string;
  add: string;
  inputEmpty: string;
  inputTooLong: (chars: number) => string;
  clear: string;
  clearTitle: string;
  clearBody: string;
  confirmClear: string;
  forget: string;
  forgetTitle: string;
  forgetBody: string;
  confirmForget: string;
  forgotten: string;
  cancel: string;
  recent: string;
  noChanges: string;
  undo: string;
  /** Undoing an undo: the button on an undo's notice and history row. */
  redo: string;
  archive: string;
  archiveCount: (total: number) => string;
  archiveNote: string;
  archiveSearch: string;
  archiveList: string;
  archiveEmpty: string;
  restore: string;
  /** Before an archived memory's date in a search hit. */
  archivedTag: string;
  /** What one change did, e.g. "新增 1 条"; `parts` counts each effect. */
  change: (parts: ChangeCounts) => string;
  /** Under a change's first memories, how many more it touched. */
  moreChanged: (count: number) => string;
  /** Before a change's counts in the notice: "记忆已更新：删除 1 条". */
  noticeLead: string;
  undone: string;
  redone: string;
  nothingChanged: string;
  chatUpdated: (added: number, updated: number) => string;
  chatRunning: string;
  chatCancel: string;
  chatCancelled: string;
  errors: Partial<Record<ErrorPrefix, string>> & { other: string };
}

export interface ChangeCounts {
  kind: string;
  added: number;
  removed: number;
  updated: number;
  archived: number;
  restored: number;
}

const zh: Strings = {
  group: "记忆",
  description: "跨会话记住你的偏好与事实，对话时按需提供给模型。",
  privacy: "记忆内容将随对话发送给模型服务商",
  enable: "启用记忆",
  limit: "条数上限",
  limitHint: "10–1000 条，超出时最旧的移入归档",
  search: "搜索记忆",
  list: "记忆列表",
  empty: "对话中产生的偏好与事实将自动记录在这里",
  noMatches: "没有匹配的记忆",
  loading: "正在加载…",
  delete: "删除",
  edit: "编辑",
  editField: "编辑这条记忆",
  save: "保存",
  editGone: "这条记忆已被删除或替换，没有修改。",
  editConflict: (now) => `这条记忆刚被更新为“${now}”。再按保存会用你的内容替换它。`,
  global: "全局",
  addField: "手动添加",
  addPlaceholder: "例如：用户偏好 zsh",
  add: "添加",
  inputEmpty: "请输入要记住的内容。",
  inputTooLong: (chars) => `一条记忆最多 200 个字符，现在是 ${chars} 个。`,
  clear: "清空记忆",
  clearTitle: "清空全部记忆？",
  clearBody: "全部记忆和归档都会被删除。清空后仍可在“最近变更”里撤销。",
  confirmClear: "确认清空",
  forget: "忘记历史",
  forgetTitle: "忘记全部变更历史？",
  forgetBody: "之后被清空、删除或替换的内容将再也无法找回，最近变更里的撤销也会失效。记忆本身不受影响。",
  confirmForget: "确认忘记",
  forgotten: "变更历史已忘记，无法再撤销之前的变更",
  cancel: "取消",
  recent: "最近变更",
  noChanges: "还没有变更",
  undo: "撤销",
  redo: "重做",
  archive: "归档",
  archiveCount: (total) => `归档（${total} 条）`,
  archiveNote: "超出条数上限的旧记忆移入这里，不会被删除；相关时仍会被想起。",
  archiveSearch: "搜索归档",
  archiveList: "归档列表",
  archiveEmpty: "归档是空的",
  restore: "恢复",
  archivedTag: "已归档",
  change: (c) => {
    if (c.kind === "clear") return `清空 ${c.removed + c.archived} 条`;
    if (c.kind === "undo") return `撤销：${undoZh(c)}`;
    if (c.kind === "redo") return `重做：${undoZh(c)}`;
    if (c.kind === "edit") return [`修改 ${c.updated} 条`, c.removed ? `删除 ${c.removed} 条重复` : ""].filter(Boolean).join("，");
    return countsZh(c);
  },
  moreChanged: (count) => `…还有 ${count} 条`,
  noticeLead: "记忆已更新：",
  undone: "已撤销",
  redone: "已重做",
  nothingChanged: "没有变化",
  chatUpdated: (added, updated) => `记忆已更新：新增 ${added} 条，更新 ${updated} 条`,
  chatRunning: "正在整理记忆…",
  chatCancel: "取消整理",
  chatCancelled: "已取消整理记忆",
  errors: {
    MEMORY_IO: "记忆没能保存：磁盘已满或没有写入权限。",
    SIDECAR_UNAVAILABLE: "记忆服务没有在运行。",
    SIDECAR_TIMEOUT: "记忆服务没有及时响应，请稍后再试。",
    RPC_INVALID_PARAMS: "这项操作的内容无效，没有执行。",
    CANCELLED: "操作已取消。",
    AI_CONFIG: "还没有配置模型服务。",
    AI_NETWORK: "连不上模型服务。",
    AI_TIMEOUT: "模型服务响应超时。",
    AI_HTTP: "模型服务返回了错误。",
    AI_RESPONSE: "模型的回答里没有可用的记忆。",
    other: "记忆操作没有成功，请稍后再试。",
  },
};

const en: Strings = {
  group: "Memory",
  description: "Remembers your preferences and facts across chats and gives the model what it needs.",
  privacy: "Memories are sent to the model provider with your chats",
  enable: "Enable memory",
  limit: "Memory limit",
  limitHint: "10–1000; beyond it the oldest move to the archive",
  search: "Search memories",
  list: "Memories",
  empty: "Preferences and facts from your chats will be recorded here automatically",
  noMatches: "No memory matches",
  loading: "Loading…",
  delete: "Delete",
  edit: "Edit",
  editField: "Edit this memory",
  save: "Save",
  editGone: "This memory was deleted or replaced meanwhile; nothing was changed.",
  editConflict: (now) => `This memory was just updated to “${now}”. Save again to replace it with your text.`,
  global: "Global",
  addField: "Add manually",
  addPlaceholder: "e.g. The user prefers zsh",
  add: "Add",
  inputEmpty: "Type what should be remembered.",
  inputTooLong: (chars) => `A memory holds at most 200 characters; this one has ${chars}.`,
  clear: "Clear memories",
  clearTitle: "Clear all memories?",
  clearBody: "Every memory and the archive will be deleted. You can still undo it under Recent changes.",
  confirmClear: "Clear all",
  forget: "Forget history",
  forgetTitle: "Forget the whole change history?",
  forgetBody: "What was cleared, deleted or replaced can then never be brought back, and earlier changes can no longer be undone. The memories themselves stay.",
  confirmForget: "Forget it",
  forgotten: "The change history is forgotten; earlier changes can no longer be undone",
  cancel: "Cancel",
  recent: "Recent changes",
  noChanges: "No changes yet",
  undo: "Undo",
  redo: "Redo",
  archive: "Archive",
  archiveCount: (total) => `Archive (${total})`,
  archiveNote: "Older memories beyond the limit move here instead of being deleted, and still come back when they matter.",
  archiveSearch: "Search the archive",
  archiveList: "Archived memories",
  archiveEmpty: "The archive is empty",
  restore: "Restore",
  archivedTag: "archived",
  change: (c) => {
    if (c.kind === "clear") return `cleared ${c.removed + c.archived}`;
    if (c.kind === "undo") return `undo: ${undoEn(c)}`;
    if (c.kind === "redo") return `redo: ${undoEn(c)}`;
    if (c.kind === "edit") return [`${c.updated} edited`, c.removed ? `${c.removed} duplicate deleted` : ""].filter(Boolean).join(", ");
    return countsEn(c);
  },
  moreChanged: (count) => `…and ${count} more`,
  noticeLead: "Memory updated: ",
  undone: "Undone",
  redone: "Redone",
  nothingChanged: "Nothing changed",
  chatUpdated: (added, updated) => `Memory updated: ${added} added, ${updated} updated`,
  chatRunning: "Updating memories…",
  chatCancel: "Stop updating",
  chatCancelled: "Memory update stopped",
  errors: {
    MEMORY_IO: "The memories could not be saved: the disk is full or permission was denied.",
    SIDECAR_UNAVAILABLE: "The memory service is not running.",
    SIDECAR_TIMEOUT: "The memory service did not answer in time; try again in a moment.",
    RPC_INVALID_PARAMS: "That change was not valid and was not made.",
    CANCELLED: "The operation was cancelled.",
    AI_CONFIG: "No model provider is configured.",
    AI_NETWORK: "The model provider could not be reached.",
    AI_TIMEOUT: "The model provider did not answer in time.",
    AI_HTTP: "The model provider answered with an error.",
    AI_RESPONSE: "The model's answer held no usable memories.",
    other: "The memory operation did not succeed; try again in a moment.",
  },
};

function countsZh(c: ChangeCounts): string {
  const parts = [
    c.added ? `新增 ${c.added} 条` : "",
    c.updated ? `更新 ${c.updated} 条` : "",
    c.restored ? `恢复 ${c.restored} 条` : "",
    c.removed ? `删除 ${c.removed} 条` : "",
    c.archived ? `归档 ${c.archived} 条` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("，") : "没有变化";
}

/** An undo's `added` are memories brought back, its `removed` ones taken out again. */
function undoZh(c: ChangeCounts): string {
  const parts = [
    c.added + c.restored ? `找回 ${c.added + c.restored} 条` : "",
    c.updated ? `还原 ${c.updated} 条` : "",
    c.removed + c.archived ? `移除 ${c.removed + c.archived} 条` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("，") : "没有变化";
}

function undoEn(c: ChangeCounts): string {
  const parts = [
    c.added + c.restored ? `${c.added + c.restored} brought back` : "",
    c.updated ? `${c.updated} reverted` : "",
    c.removed + c.archived ? `${c.removed + c.archived} taken out` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "nothing changed";
}

function countsEn(c: ChangeCounts): string {
  const parts = [
    c.added ? `${c.added} added` : "",
    c.updated ? `${c.updated} updated` : "",
    c.restored ? `${c.restored} restored` : "",
    c.removed ? `${c.removed} deleted` : "",
    c.archived ? `${c.archived} archived` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "nothing changed";
}

export const STRINGS: Readonly<Record<Lang, Strings>> = { zh, en };

export function strings(lang: Lang | undefined): Strings {
  return lang === "en" ? en : zh;
}
