/** The chat panel's quiet line: "正在整理记忆…" with cancel, then "记忆已更新：新增 N 条，更新 M 条 · 撤销" (issue 18.1). */

import { defineComponent, h, type PropType, type VNode } from "vue";

import { strings, type Lang } from "./strings.js";
import { changedSomething, type ExtractionState } from "./use-extraction.js";

export const MemoryChatNotice = defineComponent({
  name: "MemoryChatNotice",
  props: {
    /** What useMemoryExtraction() returned. */
    extraction: { type: Object as PropType<ExtractionState>, required: true },
    lang: { type: String as PropType<Lang>, default: "zh" },
  },
  setup(props) {
    return (): VNode => {
      const s = strings(props.lang);
      const x = props.extraction;
      const receipt = x.receipt.value;
      let body: Array<VNode | string> = [];
      if (x.running.value) {
        body = [h("span", { class: "aim-chat-running" }, s.chatRunning), " ",
                h("button", { type: "button", class: "aim-link", onClick: () => x.cancel() }, s.chatCancel)];
      } else if (x.error.value !== null) {
        body = [h("span", { class: "aim-error-text" }, x.error.value)];
      } else if (x.undone.value) {
        body = [s.undone];
      } else if (changedSomething(receipt)) {
        body = [s.chatUpdated(receipt.added.length, receipt.updated.length), " · ",
                h("button", { type: "button", class: "aim-link", onClick: () => void x.undo() }, s.undo)];
      } else if (x.cancelled.value) {
        body = [s.chatCancelled];
      }
      return h("div", { class: "aim-chat-notice", role: "status", lang: props.lang === "en" ? "en" : "zh-CN" }, body);
    };
  },
});
