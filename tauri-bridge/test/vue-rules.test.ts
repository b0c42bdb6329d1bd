/** The panel's pure rules over many inputs: the limit's clamp, the 200-character check, receipts counted, error sentences. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { BRIDGE_PREFIXES, ERROR_CODES } from "../src/generated/protocol.js";
import { changeCounts, clampLimit, errorSentence, STRINGS, validateMemory } from "../src/vue/index.js";
import { item } from "./bridge-double.js";

/** A small deterministic generator, so a failure names the case that broke. */
function* numbers(): Generator<number> {
  yield* [NaN, Infinity, -Infinity, -0, 0, 9.49, 9.5, 10, 10.4, 999.5, 1000, 1000.49, 1e9, -1e9, Number.MAX_VALUE];
  let seed = 7;
  for (let i = 0; i < 500; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    yield (seed / 2 ** 31) * 4000 - 1000;
  }
}

test("the limit is always a whole number in 10…1000, the nearest one to what was typed, and a non-number keeps the fallback", () => {
  for (const value of numbers()) {
    const clamped = clampLimit(value, 123);
    if (!Number.isFinite(value)) {
      assert.equal(clamped, 123, `${value}`);
      continue;
    }
    assert.ok(Number.isInteger(clamped) && clamped >= 10 && clamped <= 1000, `${value} → ${clamped}`);
    assert.equal(clamped, Math.min(1000, Math.max(10, Math.round(value))), `${value}`);
  }
});

test("the 200-character rule counts code points after trimming: surrogate pairs, combining marks and CJK alike", () => {
  const units = ["a", "记", "😀", "e\u0301", "\u3000", " "];
  for (const unit of units) {
    for (const count of [0, 1, 199, 200, 201, 400]) {
      const text = unit.repeat(count);
      const chars = [...text.trim()].length;
      const message = validateMemory(text);
      if (chars === 0) assert.equal(message, STRINGS.zh.inputEmpty, JSON.stringify(text.slice(0, 4)));
      else if (chars > 200) assert.equal(message, STRINGS.zh.inputTooLong(chars));
      else assert.equal(message, null, `${count} × ${JSON.stringify(unit)}`);
    }
  }
  assert.equal(validateMemory("  用户偏好 zsh  "), null);
  assert.equal(validateMemory("", "en"), STRINGS.en.inputEmpty);
});

test("a receipt's memories are each counted once: revived ones as restored, archived ones not as deleted", () => {
  const a = item("a", "甲");
  const b = item("b", "乙");
  const c = item("c", "丙");
  assert.deepEqual(changeCounts("restore", { added: [a], evicted: [b], archived: [b], revived: [a] }),
                   { kind: "restore", added: 0, updated: 0, restored: 1, archived: 1, removed: 0 });
  assert.deepEqual(changeCounts("save", { added: [], removed: [a, b], archived: [b] }),
                   { kind: "save", added: 0, updated: 0, restored: 0, archived: 1, removed: 1 });
  assert.deepEqual(changeCounts("clear", { removed: [a], purged: [b, c] }),
                   { kind: "clear", added: 0, updated: 0, restored: 0, archived: 0, removed: 3 });
  assert.equal(STRINGS.zh.change(changeCounts("clear", { removed: [a], purged: [b, c] })), "清空 3 条");
  assert.equal(STRINGS.zh.change(changeCounts("remember", {})), "没有变化");
});

test("every prefix of the closed set gets one sentence in each language, and the raw message never shows", () => {
  const secret = "/home/someone/.config/ai/memory/memory.json: 用户偏好 zsh {\"stack\":\"at x.js:1\"}";
  for (const prefix of [...Object.keys(ERROR_CODES), ...BRIDGE_PREFIXES]) {
    for (const lang of ["zh", "en"] as const) {
      const sentence = errorSentence(`${prefix}: ${secret}`, lang);
      assert.ok(sentence.length > 0 && !sentence.includes("memory.json") && !sentence.includes("zsh"), `${prefix} ${lang}`);
      assert.doesNotMatch(sentence, /[{}]|\bat\b.*:\d/, `${prefix} ${lang}: no JSON, no stack`);
      assert.equal(sentence.split(/[。.]\s*/).filter(Boolean).length, 1, `${prefix} ${lang}: one sentence: ${sentence}`);
    }
  }
  assert.equal(errorSentence("MEMORY_IO: x"), STRINGS.zh.errors.MEMORY_IO);
  assert.equal(errorSentence(new Error("SIDECAR_UNAVAILABLE: gone"), "en"), STRINGS.en.errors.SIDECAR_UNAVAILABLE);
  assert.equal(errorSentence({ weird: true }), STRINGS.zh.errors.other);
  assert.equal(errorSentence("NOT_A_PREFIX: x"), STRINGS.zh.errors.other);
});
