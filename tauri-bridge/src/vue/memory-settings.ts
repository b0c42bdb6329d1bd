/** The Settings memory group (seed §6.5) plus search, recent changes, the archive and an undo notice (issue 18). */

import {
  defineComponent,
  h,
  nextTick,
  onMounted,
  onUnmounted,
  ref,
  useId,
  type PropType,
  type VNode,
} from "vue";

import type { Change, MemoryItem } from "../generated/protocol.js";
import { strings, type Lang, type Strings } from "./strings.js";
import {
  changeCounts,
  changeDetails,
  clampLimit,
  undoDepth,
  LIMIT_MAX,
  LIMIT_MIN,
  useMemories,
  type MemoryBridge,
  type MemoryState,
} from "./use-memories.js";

function formatTime(ms: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "zh-CN", {
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
  }).format(new Date(ms));
}

/** Whitespace folded as the sidecar folds a stored text (S5.2 keeps a line break a save brought). */
function folded(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/** Seed §6.5: "global" shows as 全局, a conversation's scope as its first 8 characters. */
function scopeLabel(scope: string, s: Strings): string {
  return scope === "global" ? s.global : scope.slice(0, 8);
}

export const MemorySettings = defineComponent({
  name: "MemorySettings",
  props: {
    /** v-model:enabled — settings.aiMemoryEnabled, owned by the app's settings store. */
    enabled: { type: Boolean, default: true },
    /** v-model:limit — settings.aiMemoryLimit (10…1000), owned by the app's settings store. */
    limit: { type: Number, default: 100 },
    lang: { type: String as PropType<Lang>, default: "zh" },
    /** The bridge calls to use; the sidecar's by default (tests pass a double). */
    bridge: { type: Object as PropType<Partial<MemoryBridge>>, default: undefined },
    /** Share state with other parts of the app; by default the panel makes its own. */
    state: { type: Object as PropType<MemoryState>, default: undefined },
    sourceScope: { type: String, default: "global" },
  },
  emits: {
    "update:enabled": (value: boolean) => typeof value === "boolean",
    "update:limit": (value: number) => Number.isInteger(value),
  },
  setup(props, { emit, expose }) {
    const memory = props.state ?? useMemories({
      bridge: props.bridge, lang: () => props.lang, limit: () => props.limit, sourceScope: props.sourceScope,
    });
    const id = useId();
    const draft = ref("");
    /** Which confirmation is open: clearing the memories, or forgetting the history (S9.7). */
    const dialog = ref<"clear" | "forget" | null>(null);
    const clearButton = ref<HTMLButtonElement>();
    const forgetButton = ref<HTMLButtonElement>();
    const cancelButton = ref<HTMLButtonElement>();
    const confirmButton = ref<HTMLButtonElement>();
    const undoButton = ref<HTMLButtonElement>();
    const searchBox = ref<HTMLInputElement>();
    /** The memory being edited in place, the text it said when the box opened (or when a conflict showed its
     * newer text), the text in the box, and whether a save is on its way. */
    const editing = ref<string | null>(null);
    const editBase = ref("");
    const editDraft = ref("");
    let saving = false;
    const editBox = ref<HTMLInputElement>();
    const editButtons = new Map<string, HTMLButtonElement>();

    const loaded = ref(false);
    onMounted(() => void memory.refresh().then(() => (loaded.value = true)));
    expose({ memory });

    /** The button that was pressed is gone with its row: land on the notice's undo, else the search box. */
    async function focusAfterRemoval(): Promise<void> {
      await nextTick();
      (undoButton.value ?? searchBox.value)?.focus();
    }

    function startEdit(item: MemoryItem): void {
      editing.value = item.id;
      editBase.value = item.content;
      // One line, as the sidecar stores an edit: a text box would silently drop a line break.
      editDraft.value = folded(item.content);
      memory.editError.value = null;
      void nextTick(() => editBox.value?.focus());
    }

    /** Back to the row's 编辑 button, which still names the same memory (an edit keeps the id). */
    function endEdit(memoryId: string): void {
      editing.value = null;
      memory.editError.value = null;
      void nextTick(() => (editButtons.get(memoryId) ?? searchBox.value)?.focus());
    }

    async function submitEdit(event: Event, memoryId: string): Promise<void> {
      event.preventDefault();
      if (saving) return;
      if (folded(editDraft.value) === folded(editBase.value)) {
        endEdit(memoryId);
        return;
      }
      saving = true;
      try {
        const receipt = await memory.edit(memoryId, editDraft.value, editBase.value);
        const now = memory.items.value.find((item) => item.id === memoryId);
        if (receipt !== null) endEdit(memoryId);
        else if (now === undefined) {
          editing.value = null;
          await focusAfterRemoval();
        } else if (memory.editError.value !== null) {
          // Updated meanwhile: the message shows the new text, and saving again replaces that one.
          editBase.value = now.content;
        }
      } finally {
        saving = false;
      }
    }

    async function submitDraft(event: Event): Promise<void> {
      event.preventDefault();
      const receipt = await memory.add(draft.value);
      if (receipt !== null) draft.value = "";
    }

    /** Escape closes the dialog wherever focus went (a click on its text, a screen reader's virtual cursor). */
    function escapeKey(event: KeyboardEvent): void {
      if (event.key !== "Escape") return;
      event.preventDefault();
      closeDialog();
    }

    function openDialog(which: "clear" | "forget"): void {
      dialog.value = which;
      document.addEventListener("keydown", escapeKey);
      void nextTick(() => cancelButton.value?.focus());
    }

    function closeDialog(): void {
      const opener = dialog.value === "forget" ? forgetButton : clearButton;
      dialog.value = null;
      document.removeEventListener("keydown", escapeKey);
      void nextTick(() => opener.value?.focus());
    }

    onUnmounted(() => document.removeEventListener("keydown", escapeKey));

    async function confirmDialog(): Promise<void> {
      const which = dialog.value;
      closeDialog();
      if (which === "clear") await memory.clear();
      else if (which === "forget") await memory.forgetHistory();
    }

    function dialogKeydown(event: KeyboardEvent): void {
      if (event.key === "Tab") {
        // Focus stays inside the modal dialog: its two buttons, in a loop.
        const first = cancelButton.value;
        const last = confirmButton.value;
        const active = document.activeElement;
        if (event.shiftKey && active === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    }

    function commitLimit(event: Event): void {
      const input = event.target as HTMLInputElement;
      const value = clampLimit(input.valueAsNumber, props.limit);
      input.value = String(value);
      if (value !== props.limit) emit("update:limit", value);
    }

    function onSearchInput(event: Event, run: (text: string) => unknown): void {
      if ((event as InputEvent).isComposing) return;
      void run((event.target as HTMLInputElement).value);
    }

    const searchHandlers = (run: (text: string) => unknown) => ({
      onInput: (event: Event) => onSearchInput(event, run),
      onCompositionend: (event: Event) => void run((event.target as HTMLInputElement).value),
    });

    /** One memory with its actions: 编辑 and 删除 while active, 恢复 and 删除 while archived (a search finds both,
     * S11.2); an archived memory is still recalled when relevant, so it can be deleted where it is. */
    function memoryRow(item: MemoryItem, archivedAt: number | null | undefined, s: Strings, lang: Lang): VNode {
      const archived = archivedAt !== null && archivedAt !== undefined;
      const contentId = `${id}-${archived ? "a" : "m"}-${item.id}`;
      const when = formatTime(archived ? archivedAt : item.createdAt, lang);
      if (!archived && editing.value === item.id) return editRow(item, contentId, s);
      const actions = [
        archived ? null : h("button", {
          type: "button", class: "aim-button aim-quiet", "aria-describedby": contentId,
          ref: (el: unknown) => {
            if (el) editButtons.set(item.id, el as HTMLButtonElement);
            else editButtons.delete(item.id);
          },
          onClick: () => startEdit(item),
        }, s.edit),
        archived ? h("button", {
          type: "button", class: "aim-button aim-quiet", "aria-describedby": contentId,
          onClick: async () => {
            if (await memory.restore(item.id) !== null) await focusAfterRemoval();
          },
        }, s.restore) : null,
        h("button", {
          type: "button", class: "aim-button aim-quiet", "aria-describedby": contentId,
          onClick: async () => {
            const done = archived ? await memory.deleteArchived(item.id) : await memory.remove(item.id);
            if (done !== null) await focusAfterRemoval();
          },
        }, s.delete),
      ];
      return h("li", { class: "aim-item", key: contentId }, [
        h("div", { class: "aim-item-text" }, [
          h("p", { class: "aim-content", id: contentId, title: item.content }, item.content),
          h("p", { class: "aim-meta" }, `${archived ? `${s.archivedTag} ` : ""}${when} · ${scopeLabel(item.sourceScope, s)}`),
        ]),
        h("div", { class: "aim-item-actions" }, actions),
      ]);
    }

    /** The row as a small form: Enter or 保存 edits, Escape or 取消 leaves it as it was. */
    function editRow(item: MemoryItem, contentId: string, s: Strings): VNode {
      const errorId = `${contentId}-edit-error`;
      const problem = memory.editError.value;
      const failed = problem !== null;
      return h("li", { class: "aim-item aim-editing", key: contentId }, [
        h("form", {
          class: "aim-edit", novalidate: true, onSubmit: (e: Event) => void submitEdit(e, item.id),
          onKeydown: (e: KeyboardEvent) => {
            // Escape while an input method is composing cancels the composition, not the edit (WebKit ends the
            // composition first and then reports key code 229).
            if (e.key !== "Escape" || e.isComposing || e.keyCode === 229) return;
            e.preventDefault();
            endEdit(item.id);
          },
        }, [
          h("div", { class: "aim-add-line" }, [
            h("input", {
              class: "aim-input", type: "text", value: editDraft.value, ref: editBox, "aria-label": s.editField,
              "aria-invalid": failed ? "true" : undefined, "aria-describedby": failed ? errorId : undefined,
              onInput: (e: Event) => {
                editDraft.value = (e.target as HTMLInputElement).value;
                memory.editError.value = null;
              },
            }),
            h("button", { type: "submit", class: "aim-button aim-primary" }, s.save),
            h("button", { type: "button", class: "aim-button", onClick: () => endEdit(item.id) }, s.cancel),
          ]),
          failed ? h("p", { id: errorId, class: "aim-error-text", role: "alert" }, problem) : null,
        ]),
      ]);
    }

    /** One change: what it did, when, and which memories (so a person can tell what the model changed). */
    function changeRow(entry: Change, s: Strings, lang: Lang): VNode {
      const textId = `${id}-c-${entry.changeId}`;
      const details = changeDetails(entry);
      const depth = undoDepth(entry, memory.changes.value);
      return h("li", { class: "aim-item", key: entry.changeId }, [
        h("div", { class: "aim-item-text", id: textId }, [
          h("p", { class: "aim-change" }, [
            h("span", s.change(changeCounts(depth > 0 && depth % 2 === 0 ? "redo" : entry.kind, entry))),
            h("span", { class: "aim-meta" }, ` · ${formatTime(entry.at, lang)}`),
          ]),
          ...details.lines.map((line) => h("p", { class: "aim-meta aim-change-detail", title: line }, line)),
          details.more > 0 ? h("p", { class: "aim-meta" }, s.moreChanged(details.more)) : null,
        ]),
        h("button", {
          type: "button", class: "aim-button aim-quiet", "aria-describedby": textId,
          onClick: () => void memory.undo(entry.changeId),
        }, depth % 2 === 1 ? s.redo : s.undo),
      ]);
    }

    return (): VNode => {
      const lang: Lang = props.lang === "en" ? "en" : "zh";
      const s = strings(lang);
      const searching = memory.results.value !== null;
      const shown: Array<{ memory: MemoryItem; archivedAt?: number | null }> = searching
        ? memory.results.value!
        : [...memory.items.value].reverse().map((item) => ({ memory: item }));
      const notice = memory.notice.value;
      const archive = memory.archive.value;

      const forget = dialog.value === "forget";
      const confirmation = dialog.value === null ? null
        : h("div", { class: "aim-backdrop", onClick: (e: MouseEvent) => e.target === e.currentTarget && closeDialog() }, [
            h("div", {
              class: "aim-dialog", role: "dialog", "aria-modal": "true",
              "aria-labelledby": `${id}-dlg-title`, "aria-describedby": `${id}-dlg-body`, onKeydown: dialogKeydown,
            }, [
              h("h3", { id: `${id}-dlg-title`, class: "aim-dialog-title" }, forget ? s.forgetTitle : s.clearTitle),
              h("p", { id: `${id}-dlg-body` }, forget ? s.forgetBody : s.clearBody),
              h("div", { class: "aim-dialog-actions" }, [
                h("button", { type: "button", class: "aim-button", ref: cancelButton, onClick: closeDialog }, s.cancel),
                h("button", { type: "button", class: "aim-button aim-danger", ref: confirmButton,
                              onClick: () => void confirmDialog() }, forget ? s.confirmForget : s.confirmClear),
              ]),
            ]),
          ]);

      return h("section", { class: "aim-panel", lang: lang === "en" ? "en" : "zh-CN", "aria-labelledby": `${id}-title` }, [
        h("header", { class: "aim-header" }, [
          h("h2", { id: `${id}-title`, class: "aim-title" }, s.group),
          h("p", { class: "aim-desc" }, s.description),
          h("p", { class: "aim-desc aim-privacy" }, s.privacy),
        ]),

        h("div", { class: "aim-row" }, [
          h("span", { id: `${id}-enable`, class: "aim-label" }, s.enable),
          h("button", {
            type: "button", role: "switch", class: "aim-switch", "aria-checked": String(props.enabled),
            "aria-labelledby": `${id}-enable`, onClick: () => emit("update:enabled", !props.enabled),
          }, [h("span", { class: "aim-knob", "aria-hidden": "true" })]),
        ]),

        h("div", { class: "aim-row" }, [
          h("label", { for: `${id}-limit`, class: "aim-label" }, s.limit),
          h("div", { class: "aim-limit" }, [
            h("input", {
              id: `${id}-limit`, class: "aim-input aim-number", type: "number", inputmode: "numeric",
              min: LIMIT_MIN, max: LIMIT_MAX, step: 1, value: props.limit, "aria-describedby": `${id}-limit-hint`,
              onChange: commitLimit,
            }),
            h("span", { id: `${id}-limit-hint`, class: "aim-meta" }, s.limitHint),
          ]),
        ]),

        h("form", { class: "aim-row aim-add", onSubmit: submitDraft, novalidate: true }, [
          h("label", { for: `${id}-add`, class: "aim-label" }, s.addField),
          h("div", { class: "aim-add-field" }, [
            h("div", { class: "aim-add-line" }, [
              h("input", {
                id: `${id}-add`, class: "aim-input", type: "text", value: draft.value, placeholder: s.addPlaceholder,
                "aria-invalid": memory.inputError.value !== null ? "true" : undefined,
                "aria-describedby": memory.inputError.value !== null ? `${id}-add-error` : undefined,
                onInput: (e: Event) => {
                  draft.value = (e.target as HTMLInputElement).value;
                  memory.inputError.value = null;
                },
              }),
              h("button", { type: "submit", class: "aim-button aim-primary" }, s.add),
            ]),
            memory.inputError.value !== null
              ? h("p", { id: `${id}-add-error`, class: "aim-error-text", role: "alert" }, memory.inputError.value)
              : null,
          ]),
        ]),

        h("div", { class: "aim-status", role: "status" }, notice === null ? [] : [
          h("span", notice.text),
          notice.changeId !== null
            ? h("button", { type: "button", class: "aim-link", ref: undoButton, onClick: () => void memory.undoLast() },
                notice.redo === true ? s.redo : s.undo)
            : null,
        ]),
        memory.error.value !== null ? h("p", { class: "aim-error", role: "alert" }, memory.error.value) : null,

        h("div", { class: "aim-list-block" }, [
          h("input", {
            class: "aim-input aim-search", type: "search", "aria-label": s.search, placeholder: s.search,
            value: memory.query.value, ref: searchBox, ...searchHandlers(memory.search),
          }),
          h("ul", { class: "aim-list", "aria-label": s.list, "aria-busy": memory.loading.value ? "true" : "false" },
            shown.map((row) => memoryRow(row.memory, row.archivedAt, s, lang))),
          shown.length === 0
            ? h("p", { class: "aim-empty" }, searching ? s.noMatches : loaded.value ? s.empty : s.loading)
            : null,
        ]),

        h("div", { class: "aim-row aim-clear-row" }, [
          h("button", { type: "button", class: "aim-button", ref: forgetButton, onClick: () => openDialog("forget") }, s.forget),
          h("button", { type: "button", class: "aim-button aim-danger", ref: clearButton, onClick: () => openDialog("clear") }, s.clear),
        ]),

        h("section", { class: "aim-sub", "aria-labelledby": `${id}-recent` }, [
          h("h3", { id: `${id}-recent`, class: "aim-subtitle" }, s.recent),
          h("ul", { class: "aim-list", "aria-label": s.recent },
            memory.changes.value.map((entry) => changeRow(entry, s, lang))),
          memory.changes.value.length === 0 ? h("p", { class: "aim-empty" }, s.noChanges) : null,
        ]),

        h("section", { class: "aim-sub", "aria-labelledby": `${id}-archive` }, [
          h("h3", { id: `${id}-archive`, class: "aim-subtitle" }, s.archiveCount(archive.total)),
          h("p", { class: "aim-desc" }, s.archiveNote),
          h("input", {
            class: "aim-input aim-search", type: "search", "aria-label": s.archiveSearch, placeholder: s.archiveSearch,
            value: memory.archiveQuery.value, ...searchHandlers(memory.searchArchive),
          }),
          h("ul", { class: "aim-list", "aria-label": s.archiveList },
            archive.items.map((item) => memoryRow(item, item.archivedAt, s, lang))),
          archive.items.length === 0 ? h("p", { class: "aim-empty" }, s.archiveEmpty) : null,
        ]),

        confirmation,
      ]);
    };
  },
});
