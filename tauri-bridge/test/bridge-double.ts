/** An in-memory stand-in for the bridge calls the Vue panel makes: it records each call and keeps a small store. */

import type { MemoryBridge } from "../src/vue/index.js";
import type { ArchivedItem, Change, MemoryItem, MergeResult, UndoResult } from "../src/generated/protocol.js";

export interface Call {
  name: keyof MemoryBridge;
  args: unknown[];
}

export function item(id: string, content: string, createdAt = 1_700_000_000_000, sourceScope = "global"): MemoryItem {
  return { id, content, createdAt, sourceScope };
}

export class BridgeDouble {
  readonly calls: Call[] = [];
  store: MemoryItem[] = [];
  archived: ArchivedItem[] = [];
  history: Change[] = [];
  /** The next call of that name rejects with this message (as the bridge does: a "PREFIX: sentence" string). */
  readonly failures = new Map<keyof MemoryBridge, string>();
  /** Calls of that name wait until the returned release is called. */
  private readonly holds = new Map<keyof MemoryBridge, Promise<void>>();
  private next = 0;

  constructor(store: MemoryItem[] = [], archived: ArchivedItem[] = []) {
    this.store = [...store];
    this.archived = [...archived];
  }

  names(): string[] {
    return this.calls.map((call) => call.name);
  }

  /** Calls other than the reads every refresh makes. */
  writes(): Call[] {
    const reads = new Set(["aiListMemories", "aiMemoryHistory", "aiListArchive", "aiSearchMemories"]);
    return this.calls.filter((call) => !reads.has(call.name));
  }

  hold(name: keyof MemoryBridge): () => void {
    let release!: () => void;
    this.holds.set(name, new Promise((done) => (release = done)));
    return () => {
      this.holds.delete(name);
      release();
    };
  }

  get bridge(): MemoryBridge {
    const call = async <T>(name: keyof MemoryBridge, args: unknown[], body: () => T): Promise<T> => {
      this.calls.push({ name, args });
      await this.holds.get(name);
      const failure = this.failures.get(name);
      if (failure !== undefined) {
        this.failures.delete(name);
        throw failure;
      }
      return body();
    };
    return {
      aiListMemories: () => call("aiListMemories", [], () => [...this.store]),
      aiClearMemories: () => call("aiClearMemories", [], () => {
        if (this.store.length + this.archived.length === 0) return;
        this.record({ kind: "clear", removed: this.store, purged: this.archived });
        this.store = [];
        this.archived = [];
      }),
      aiRemember: (content, sourceScope) => call("aiRemember", [content, sourceScope], () => {
        const added = { id: `m${++this.next}`, content, createdAt: 1_700_000_000_000 + this.next, sourceScope };
        this.store.push(added);
        return this.receipt(this.record({ kind: "remember", added: [added] }));
      }),
      aiSearchMemories: (query, limit) => call("aiSearchMemories", limit === undefined ? [query] : [query, limit], () => ({
        items: [
          ...this.store.filter((m) => m.content.includes(query)).map((memory) => ({ memory, score: 1, archivedAt: null })),
          ...this.archived.filter((m) => m.content.includes(query))
            .map(({ archivedAt, ...memory }) => ({ memory, score: 0.5, archivedAt })),
        ],
      })),
      aiMemoryHistory: (limit) => call("aiMemoryHistory", [limit], () => ({
        changes: [...this.history].reverse().slice(0, limit ?? 50),
      })),
      aiUndoChange: (changeId) => call("aiUndoChange", [changeId], () => this.undo(changeId)),
      aiListArchive: (opts = {}) => call("aiListArchive", [opts], () => {
        const hits = this.archived.filter((m) => !opts.query || m.content.includes(opts.query));
        return { items: hits.slice(0, opts.limit ?? 50), total: hits.length };
      }),
      aiRestoreMemories: (ids, limit) => call("aiRestoreMemories", limit === undefined ? [ids] : [ids, limit], () => {
        const revived = this.archived.filter((m) => ids.includes(m.id));
        this.archived = this.archived.filter((m) => !ids.includes(m.id));
        this.store.push(...revived.map(({ archivedAt: _, ...m }) => m));
        return this.receipt(revived.length ? this.record({ kind: "restore", added: revived, revived }) : null);
      }),
      aiForgetHistory: () => call("aiForgetHistory", [], () => {
        this.history = [];
      }),
      aiDeleteMemories: (ids) => call("aiDeleteMemories", [ids], () => {
        const removed = this.store.filter((m) => ids.includes(m.id));
        this.store = this.store.filter((m) => !ids.includes(m.id));
        return { ...this.receipt(removed.length ? this.record({ kind: "delete", removed }) : null), removed };
      }),
      aiEditMemory: (id, content, expected) => call("aiEditMemory", expected === undefined ? [id, content] : [id, content, expected], () => {
        const before = this.store.find((m) => m.id === id);
        if (before === undefined) throw "RPC_INVALID_PARAMS: invalid params: the store holds no memory with this id - at `$.id`";
        if (expected !== undefined && expected !== before.content) {
          throw "RPC_INVALID_PARAMS: invalid params: the memory was changed since it was read - at `$.expected`";
        }
        if (before.content === content) return { ...this.receipt(null), removed: [] };
        const after = { ...before, content, createdAt: 1_700_000_000_000 + ++this.next };
        this.store = [...this.store.filter((m) => m.id !== id), after];
        return { ...this.receipt(this.record({ kind: "edit", updated: [{ before, after }] })), removed: [] };
      }),
      aiDeleteArchived: (ids) => call("aiDeleteArchived", [ids], () => {
        const purged = this.archived.filter((m) => ids.includes(m.id));
        this.archived = this.archived.filter((m) => !ids.includes(m.id));
        return this.receipt(purged.length ? this.record({ kind: "delete_archived", purged }) : null);
      }),
    };
  }

  private record(change: Pick<Change, "kind"> & Partial<Change>): Change {
    const entry: Change = {
      changeId: `c${++this.next}`, at: 1_700_000_000_000 + this.next,
      added: [], removed: [], updated: [], archived: [], revived: [], purged: [], undoes: null, ...change,
    };
    this.history.push(entry);
    return entry;
  }

  private receipt(change: Change | null): MergeResult {
    return {
      memories: [...this.store], added: change?.added ?? [], updated: change?.updated ?? [], evicted: [], dropped: 0,
      changeId: change?.changeId ?? null, archived: [], revived: change?.revived ?? [],
    };
  }

  /** Reverses a recorded change: what it removed comes back, what it added goes (enough for the panel's tests). */
  private undo(changeId: string): UndoResult {
    const change = this.history.find((entry) => entry.changeId === changeId);
    if (change === undefined) throw "RPC_INVALID_PARAMS: unknown changeId";
    const addedIds = new Set((change.added ?? []).map((m) => m.id));
    const takenOut = this.store.filter((m) => addedIds.has(m.id));
    this.store = this.store.filter((m) => !addedIds.has(m.id));
    const back = (change.removed ?? []).filter((m) => !this.store.some((s) => s.id === m.id));
    this.store.push(...back);
    const reverted = (change.updated ?? []).map(({ before, after }) => ({ before: after, after: before }));
    this.store = this.store.map((m) => reverted.find((u) => u.before.id === m.id)?.after ?? m);
    this.archived.push(...(change.purged ?? []), ...(change.revived ?? []));
    const entry = this.record({ kind: "undo", added: back, removed: takenOut, updated: reverted, undoes: changeId });
    return { ...this.receipt(entry), removed: takenOut, conflicts: 0 };
  }
}
