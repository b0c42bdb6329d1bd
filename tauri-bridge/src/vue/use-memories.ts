/** The memory state a Settings screen shows, and every change it makes, each resolving to its receipt (issue 18.1). */

import { ref, toValue, type MaybeRefOrGetter, type Ref } from "vue";

import {
  aiClearMemories,
  aiDeleteArchived,
  aiDeleteMemories,
  aiEditMemory,
  aiForgetHistory,
  aiListArchive,
  aiListMemories,
  aiMemoryHistory,
  aiRemember,
  aiRestoreMemories,
  aiSearchMemories,
  aiUndoChange,
} from "../ai.js";
import type {
  Change,
  DeleteResult,
  EditResult,
  ListArchiveResult,
  MemoryItem,
  MergeResult,
  SearchHit,
  SearchResult,
  UndoResult,
  Update,
} from "../generated/protocol.js";
import { errorPrefix } from "../errors.js";
import { errorSentence } from "./errors.js";
import { strings, type ChangeCounts, type Lang } from "./strings.js";

/** The bridge calls the panel makes; the sidecar's by default, a double in tests. */
export interface MemoryBridge {
  aiListMemories: typeof aiListMemories;
  aiClearMemories: typeof aiClearMemories;
  aiRemember: typeof aiRemember;
  aiSearchMemories: typeof aiSearchMemories;
  aiMemoryHistory: typeof aiMemoryHistory;
  aiUndoChange: typeof aiUndoChange;
  aiListArchive: typeof aiListArchive;
  aiRestoreMemories: typeof aiRestoreMemories;
  aiDeleteArchived: typeof aiDeleteArchived;
  aiDeleteMemories: typeof aiDeleteMemories;
  aiEditMemory: typeof aiEditMemory;
  aiForgetHistory: typeof aiForgetHistory;
}

export const SIDECAR_BRIDGE: Readonly<MemoryBridge> = {
  aiListMemories,
  aiClearMemories,
  aiRemember,
  aiSearchMemories,
  aiMemoryHistory,
  aiUndoChange,
  aiListArchive,
  aiRestoreMemories,
  aiDeleteArchived,
  aiDeleteMemories,
  aiEditMemory,
  aiForgetHistory,
};

/** S5.2: a memory is at most 200 characters (code points). */
export const MAX_MEMORY_CHARS = 200;
/** S5.2: `aiMemoryLimit` is clamped to 10…1000. */
export const LIMIT_MIN = 10;
export const LIMIT_MAX = 1000;

export interface UseMemoriesOptions {
  bridge?: Partial<MemoryBridge>;
  lang?: MaybeRefOrGetter<Lang | undefined>;
  /** The sourceScope of memories added by hand (default "global"). */
  sourceScope?: string;
  /** The store's limit as the app's settings hold it; restoring from the archive respects it. */
  limit?: MaybeRefOrGetter<number | undefined>;
  /** How many recent changes to show (default 10). */
  historyLimit?: number;
  /** How many archived memories to list at once (default 50). */
  archiveLimit?: number;
}

/** The line shown after a change; `changeId` (when not null) undoes it. */
export interface Notice {
  text: string;
  changeId: string | null;
  /** True when the change reported was itself an undo: undoing it again is a redo. */
  redo?: boolean;
}

type AnyReceipt = {
  added?: MemoryItem[];
  removed?: MemoryItem[];
  updated?: Update[];
  evicted?: MemoryItem[];
  archived?: MemoryItem[];
  revived?: MemoryItem[];
  purged?: MemoryItem[];
};

/** What a receipt or history entry did, each memory counted once under its most telling effect. */
export function changeCounts(kind: string, receipt: AnyReceipt): ChangeCounts {
  const ids = (items: MemoryItem[] | undefined): Set<string> => new Set((items ?? []).map((m) => m.id));
  const revived = ids(receipt.revived);
  const archived = ids(receipt.archived);
  const removed = receipt.removed ?? receipt.evicted ?? [];
  return {
    kind,
    added: (receipt.added ?? []).filter((m) => !revived.has(m.id)).length,
    updated: (receipt.updated ?? []).length,
    restored: revived.size,
    archived: archived.size,
    removed: removed.filter((m) => !archived.has(m.id)).length + (receipt.purged ?? []).length,
  };
}

/** How many undos deep a change is: 0 for a change, 1 for its undo, 2 for the undo of that (a redo), …;
 * the chain is followed through `undoes` as far as `changes` (the entries loaded) reaches. */
export function undoDepth(entry: Change, changes: readonly Change[]): number {
  const seen = new Set<string>();
  let depth = 0;
  let current: Change | undefined = entry;
  while (current !== undefined && current.kind === "undo" && !seen.has(current.changeId)) {
    seen.add(current.changeId);
    depth++;
    const undone: string | null | undefined = current.undoes;
    current = undone == null ? undefined : changes.find((c) => c.changeId === undone);
  }
  return depth;
}

/** Which memories one history entry touched, as lines a person reads: "+ text" added or brought back,
 * "before → after" changed, "− text" taken out; at most `max` lines, and none for a clear (it lists everything). */
export function changeDetails(entry: Change, max = 3): { lines: string[]; more: number } {
  if (entry.kind === "clear") return { lines: [], more: 0 };
  const archived = new Set(entry.archived.map((m) => m.id));
  const all = [
    ...entry.updated.map((u) => `${u.before.content} → ${u.after.content}`),
    ...entry.added.map((m) => `+ ${m.content}`),
    ...entry.removed.filter((m) => !archived.has(m.id)).map((m) => `− ${m.content}`),
    ...entry.purged.map((m) => `− ${m.content}`),
  ];
  return { lines: all.slice(0, max), more: Math.max(0, all.length - max) };
}

/** Empty (after trimming) or over 200 characters: the sentence to show; null when it may be sent. */
export function validateMemory(content: string, lang?: Lang): string | null {
  const text = content.trim();
  const s = strings(lang);
  if (text.length === 0) return s.inputEmpty;
  const chars = [...text].length;
  return chars > MAX_MEMORY_CHARS ? s.inputTooLong(chars) : null;
}

export function clampLimit(value: number, fallback = 100): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(LIMIT_MAX, Math.max(LIMIT_MIN, Math.round(value)));
}

export interface MemoryState {
  /** The active store, oldest first (as listed). */
  items: Ref<MemoryItem[]>;
  /** The search box's text, and its hits (null while the box is empty). */
  query: Ref<string>;
  results: Ref<SearchHit[] | null>;
  archive: Ref<ListArchiveResult>;
  archiveQuery: Ref<string>;
  /** Recent changes, newest first. */
  changes: Ref<Change[]>;
  loading: Ref<boolean>;
  /** One human sentence for the last failure, or null. */
  error: Ref<string | null>;
  /** Why the add field's text was not sent, or null. */
  inputError: Ref<string | null>;
  /** Why an edit's text was not sent, or null. */
  editError: Ref<string | null>;
  notice: Ref<Notice | null>;
  refresh(): Promise<void>;
  /** aiRemember; sends nothing (resolves null, sets inputError) when empty or over 200 characters. */
  add(content: string): Promise<MergeResult | null>;
  /** aiEditMemory: `id` says `content` now (same id, dated now). Resolves null without a change when the text
   * is empty or over 200 characters (editError says why), when the memory says something other than
   * `expected` now (editError shows its new text; `items` has it), or when it is gone (a notice says so). */
  edit(id: string, content: string, expected?: string): Promise<EditResult | null>;
  /** Deletes `id` from the store and nothing else (a memory learnt meanwhile stays); its receipt undoes it. */
  remove(id: string): Promise<DeleteResult | null>;
  /** Store and archive in one undoable change; the receipt is its history entry. */
  clear(): Promise<Change | null>;
  search(query: string): Promise<SearchResult | null>;
  searchArchive(query: string): Promise<ListArchiveResult | null>;
  restore(id: string): Promise<MergeResult | null>;
  deleteArchived(id: string): Promise<MergeResult | null>;
  undo(changeId: string): Promise<UndoResult | null>;
  /** S9.7: deletes the change history for real (nothing earlier can be undone); resolves true when done. */
  forgetHistory(): Promise<boolean>;
  /** Undo what the notice reports. */
  undoLast(): Promise<UndoResult | null>;
}

export function useMemories(options: UseMemoriesOptions = {}): MemoryState {
  const bridge: MemoryBridge = { ...SIDECAR_BRIDGE, ...options.bridge };
  const lang = (): Lang | undefined => toValue(options.lang);
  const historyLimit = options.historyLimit ?? 10;
  const archiveLimit = options.archiveLimit ?? 50;

  const items = ref<MemoryItem[]>([]);
  const query = ref("");
  const results = ref<SearchHit[] | null>(null);
  const archive = ref<ListArchiveResult>({ items: [], total: 0 });
  const archiveQuery = ref("");
  const changes = ref<Change[]>([]);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const inputError = ref<string | null>(null);
  const editError = ref<string | null>(null);
  const notice = ref<Notice | null>(null);

  let inFlight = 0;
  async function guarded<T>(work: () => Promise<T>): Promise<T | null> {
    inFlight++;
    loading.value = true;
    try {
      const value = await work();
      error.value = null;
      return value;
    } catch (failure) {
      error.value = errorSentence(failure, lang());
      return null;
    } finally {
      loading.value = --inFlight > 0;
    }
  }

  // Changes run one after another, so each notice and undo belongs to the change it reports.
  let chain: Promise<unknown> = Promise.resolve();
  function change<T>(work: () => Promise<T>): Promise<T | null> {
    const run = chain.then(() => guarded(work));
    chain = run;
    return run;
  }

  let searchSeq = 0;
  async function runSearch(text: string): Promise<SearchResult | null> {
    const seq = ++searchSeq;
    if (text.trim() === "") {
      results.value = null;
      return null;
    }
    const found = await bridge.aiSearchMemories(text);
    if (seq === searchSeq) results.value = found.items;
    return found;
  }

  let archiveSeq = 0;
  async function runArchive(text: string): Promise<ListArchiveResult> {
    const seq = ++archiveSeq;
    const trimmed = text.trim();
    const listed = await bridge.aiListArchive(trimmed === "" ? { limit: archiveLimit } : { query: trimmed, limit: archiveLimit });
    if (seq === archiveSeq) archive.value = listed;
    return listed;
  }

  async function reload(): Promise<void> {
    const [listed, history] = await Promise.all([
      bridge.aiListMemories(),
      bridge.aiMemoryHistory(historyLimit),
      runArchive(archiveQuery.value),
      runSearch(query.value),
    ]);
    items.value = listed;
    changes.value = history.changes;
  }

  async function newestChangeId(): Promise<string | undefined> {
    return (await bridge.aiMemoryHistory(1)).changes[0]?.changeId;
  }

  /** The newest change after `before` that passes `test`: the receipt of a call that answers null. */
  async function changeSince(before: string | undefined, test: (entry: Change) => boolean): Promise<Change | null> {
    for (const entry of (await bridge.aiMemoryHistory(20)).changes) {
      if (entry.changeId === before) break;
      if (test(entry)) return entry;
    }
    return null;
  }

  /** `depth`: for an undo, how many undos deep it is (1 undoes a change, 2 redoes it, …). */
  function report(kind: string, receipt: AnyReceipt & { changeId: string | null }, depth = 0): void {
    const s = strings(lang());
    const text = receipt.changeId === null ? s.nothingChanged
      : kind === "undo" ? (depth % 2 === 1 ? s.undone : s.redone) : s.noticeLead + s.change(changeCounts(kind, receipt));
    notice.value = { text, changeId: receipt.changeId, redo: kind === "undo" && depth % 2 === 1 };
  }

  async function afterChange<T extends AnyReceipt & { changeId: string | null }>(kind: string, receipt: T,
                                                                                 depth = 0): Promise<T> {
    report(kind, receipt, depth);
    await reload();
    return receipt;
  }

  /** A change found in the history is reported like a receipt; none (nothing changed) just reloads. */
  async function recorded(entry: Change | null): Promise<Change | null> {
    if (entry !== null) return afterChange(entry.kind, entry);
    await reload();
    return null;
  }

  const state: MemoryState = {
    items, query, results, archive, archiveQuery, changes, loading, error, inputError, editError, notice,

    refresh: async () => {
      await guarded(reload);
    },

    add: (content) => {
      const invalid = validateMemory(content, lang());
      inputError.value = invalid;
      if (invalid !== null) return Promise.resolve(null);
      return change(async () => afterChange("remember", await bridge.aiRemember(content.trim(), options.sourceScope ?? "global")));
    },

    edit: (id, content, expected) => {
      const invalid = validateMemory(content, lang());
      editError.value = invalid;
      if (invalid !== null) return Promise.resolve(null);
      return change(async () => {
        try {
          return await afterChange("edit", await bridge.aiEditMemory(id, content.trim(), expected));
        } catch (failure) {
          if (errorPrefix(failure) !== "RPC_INVALID_PARAMS") throw failure;
          const s = strings(lang());
          const where = /at `\$\.(\w+)`/.exec(String(failure instanceof Error ? failure.message : failure))?.[1];
          await reload();
          const now = items.value.find((item) => item.id === id);
          if (where === "id" || now === undefined) {
            // Its row goes with the reload, so say it where the list's changes are reported.
            notice.value = { text: s.editGone, changeId: null };
          } else if (where === "expected") {
            editError.value = s.editConflict(now.content);
          } else {
            editError.value = where === "content" ? s.inputEmpty : s.errors.RPC_INVALID_PARAMS ?? s.errors.other;
          }
          return null;
        }
      });
    },

    remove: (id) => change(async () => afterChange("delete", await bridge.aiDeleteMemories([id]))),

    clear: () => change(async () => {
      const before = await newestChangeId();
      await bridge.aiClearMemories();
      return recorded(await changeSince(before, (c) => c.kind === "clear"));
    }),

    search: async (text) => {
      query.value = text;
      return guarded(() => runSearch(text));
    },

    searchArchive: async (text) => {
      archiveQuery.value = text;
      return guarded(() => runArchive(text));
    },

    restore: (id) => change(async () => {
      const limit = toValue(options.limit);
      return afterChange("restore", await bridge.aiRestoreMemories([id], limit === undefined ? undefined : clampLimit(limit)));
    }),

    deleteArchived: (id) => change(async () => {
      const receipt = await bridge.aiDeleteArchived([id]);
      await reload();
      // A receipt has no list of what left the archive for good; its history entry, just reloaded, has (`purged`).
      report("delete_archived", changes.value.find((c) => c.changeId === receipt.changeId) ?? receipt);
      return receipt;
    }),

    undo: (changeId) => change(async () => {
      const target = changes.value.find((entry) => entry.changeId === changeId);
      const depth = (target === undefined ? 0 : undoDepth(target, changes.value)) + 1;
      return afterChange("undo", await bridge.aiUndoChange(changeId), depth);
    }),

    forgetHistory: async () => (await change(async () => {
      await bridge.aiForgetHistory();
      notice.value = { text: strings(lang()).forgotten, changeId: null };
      await reload();
      return true;
    })) === true,

    undoLast: () => {
      const changeId = notice.value?.changeId;
      return changeId ? state.undo(changeId) : Promise.resolve(null);
    },
  };
  return state;
}
