/** The chat panel's side of extraction: run it after a turn, show what it learnt, undo or cancel it (issue 18.1). */

import { ref, toValue, type MaybeRefOrGetter, type Ref } from "vue";

import { aiUndoChange } from "../ai.js";
import { errorPrefix } from "../errors.js";
import type { MergeResult, UndoResult } from "../generated/protocol.js";
import { maybeExtractMemories, type ExtractionOutcome, type ExtractionTurn } from "../trigger.js";
import { errorSentence } from "./errors.js";
import type { Lang } from "./strings.js";

export interface UseExtractionOptions {
  /** Defaults to the bridge's maybeExtractMemories (seed §6.4 trigger, one round per completed turn). */
  extract?: (turn: ExtractionTurn) => Promise<ExtractionOutcome>;
  undo?: typeof aiUndoChange;
  lang?: MaybeRefOrGetter<Lang | undefined>;
}

export interface ExtractionState {
  /** True while a round runs (it can take minutes). */
  running: Ref<boolean>;
  /** The last round's receipt when it added or updated something; cleared by the next round. */
  receipt: Ref<MergeResult | null>;
  undone: Ref<boolean>;
  cancelled: Ref<boolean>;
  /** A sentence for the last failure (a round that failed, e.g. no model configured, or an undo); null after a success. */
  error: Ref<string | null>;
  /** Call after `ai-done` with reason `completed`; store the outcome's `extractedUpTo` as before. */
  run(turn: ExtractionTurn): Promise<ExtractionOutcome>;
  /** Aborts the running round: it answers CANCELLED and nothing is merged. */
  cancel(): void;
  undo(): Promise<UndoResult | null>;
}

export function changedSomething(receipt: MergeResult | null): receipt is MergeResult {
  return receipt !== null && receipt.changeId !== null && receipt.added.length + receipt.updated.length > 0;
}

export function useMemoryExtraction(options: UseExtractionOptions = {}): ExtractionState {
  const extract = options.extract ?? maybeExtractMemories;
  const undoChange = options.undo ?? aiUndoChange;
  const running = ref(false);
  const receipt = ref<MergeResult | null>(null);
  const undone = ref(false);
  const cancelled = ref(false);
  const error = ref<string | null>(null);
  let controller: AbortController | undefined;

  return {
    running, receipt, undone, cancelled, error,

    async run(turn) {
      const own = new AbortController();
      controller = own;
      running.value = true;
      try {
        const signal = turn.signal ? AbortSignal.any([turn.signal, own.signal]) : own.signal;
        const outcome = await extract({ ...turn, signal });
        if (changedSomething(outcome.receipt)) {
          receipt.value = outcome.receipt;
          undone.value = false;
          cancelled.value = false;
          error.value = null;
        } else if (outcome.error !== undefined && errorPrefix(outcome.error) !== "CANCELLED") {
          receipt.value = null;
          error.value = errorSentence(outcome.error, toValue(options.lang));
        }
        return outcome;
      } finally {
        if (controller === own) {
          running.value = false;
          controller = undefined;
        }
      }
    },

    cancel() {
      if (controller === undefined) return;
      controller.abort();
      cancelled.value = true;
      receipt.value = null;
    },

    async undo() {
      const changeId = receipt.value?.changeId;
      if (!changeId) return null;
      try {
        const result = await undoChange(changeId);
        undone.value = true;
        error.value = null;
        return result;
      } catch (failure) {
        error.value = errorSentence(failure, toValue(options.lang));
        return null;
      }
    },
  };
}
