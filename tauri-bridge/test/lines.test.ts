import assert from "node:assert/strict";
import { test } from "node:test";

import { LineAssembler } from "../src/lines.js";

test("lines split on \\n with the delimiter kept by the host are reassembled", () => {
  const lines = new LineAssembler();
  assert.deepEqual(lines.push('{"a":1}\n'), ['{"a":1}']);
  assert.deepEqual(lines.push('{"b":'), []);
  assert.deepEqual(lines.push('2}\n{"c":3}\n'), ['{"b":2}', '{"c":3}']);
});

test("a \\r\\n split across two events is one line without the \\r", () => {
  const lines = new LineAssembler();
  assert.deepEqual(lines.push('{"a":1}\r'), []);
  assert.deepEqual(lines.push("\n"), ['{"a":1}']);
});

test("blank lines are skipped and a last line without newline is flushed at the end", () => {
  const lines = new LineAssembler();
  assert.deepEqual(lines.push("\n\r\n  \n[1]\n"), ["[1]"]);
  assert.deepEqual(lines.push("[2]"), []);
  assert.deepEqual(lines.flush(), ["[2]"]);
  assert.deepEqual(lines.flush(), []);
});

test("CJK and emoji survive any split point", () => {
  const text = '{"c":"用户偏好 zsh 😀"}\n';
  for (let cut = 0; cut <= text.length; cut++) {
    const lines = new LineAssembler();
    assert.deepEqual([...lines.push(text.slice(0, cut)), ...lines.push(text.slice(cut))], ['{"c":"用户偏好 zsh 😀"}']);
  }
});
