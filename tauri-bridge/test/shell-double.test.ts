/** The shell double's pure parts against what plugin-shell v2's Rust code does (SPEC S8.2). */

import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeLine, prepareArgs, ReadLineSplitter, shippedScope } from "../harness/shell-double.js";

function events(...reads: string[]): string[] {
  const splitter = new ReadLineSplitter();
  const out = reads.flatMap((read) => splitter.read(Buffer.from(read, "latin1")));
  return [...out, ...splitter.end()].map((line) => line.toString("latin1"));
}

test("an event ends at the first \\n buffered, delimiter kept; \\r\\n in one read is one event", () => {
  assert.deepEqual(events('{"a":1}\r\n{"b":2}\n'), ['{"a":1}\r\n', '{"b":2}\n']);
  assert.deepEqual(events("a\rb\n"), ["a\rb\n"], "a \\n anywhere in the buffer wins over an earlier \\r");
});

test("a \\r ends an event only when no \\n is buffered, so a read ending at \\r splits \\r\\n in two", () => {
  assert.deepEqual(events('{"a":1}\r', '\n{"b":2}\n'), ['{"a":1}\r', "\n", '{"b":2}\n']);
  assert.deepEqual(events("a\rb"), ["a\r", "b"]);
});

test("a line spread over several reads is one event, and a last line without newline comes at EOF", () => {
  assert.deepEqual(events('{"a":', '1}\n{"b"', ":2}"), ['{"a":1}\n', '{"b":2}']);
  assert.deepEqual(events(""), []);
});

test("with utf-8, invalid bytes become U+FFFD and a leading BOM goes; without an encoding they are an error", () => {
  assert.equal(decodeLine(Buffer.from([0x61, 0xff, 0x62, 0x0a]), "utf-8"), "a\uFFFDb\n");
  assert.equal(decodeLine(Buffer.from([0xef, 0xbb, 0xbf, 0x61]), "utf-8"), "a");
  assert.equal(decodeLine(Buffer.from([0x61, 0xff]), undefined), undefined);
  assert.equal(decodeLine(Buffer.from("用户偏好 zsh 😀\n"), undefined), "用户偏好 zsh 😀\n");
});

test("the scope sends fixed args as declared, validates variables and silently drops the rest", () => {
  const entries = [{ name: "s", cmd: "$RESOURCE/s", args: ["--config-dir", { validator: ".+" }] }];
  assert.deepEqual(prepareArgs(entries, [], "s", false, ["--config-dir", "/d", "--model", "m"]), ["--config-dir", "/d"]);
  assert.deepEqual(prepareArgs(entries, [], "s", false, ["--other", "/d"]), ["--config-dir", "/d"]);
  assert.throws(() => prepareArgs(entries, [], "s", false, ["--config-dir"]), /position 1 must match/);
  assert.throws(() => prepareArgs(entries, [], "s", false, ["--config-dir", ""]), /failed regex validation/);
  assert.deepEqual(prepareArgs([{ name: "n" }], [], "n", false, ["--x"]), [], "no args list means none");
  assert.deepEqual(prepareArgs([{ name: "t", args: true }], [], "t", false, ["--x"]), ["--x"]);
});

test("the scope refuses unknown programs, a wrong sidecar flag and a sidecar not in externalBin", () => {
  const entries = [{ name: "binaries/x", sidecar: true, args: true }];
  assert.throws(() => prepareArgs(entries, ["binaries/x"], "other", false, []), /program not allowed/);
  assert.throws(() => prepareArgs(entries, [], "binaries/x", true, []), /externalBin/);
  assert.throws(() => prepareArgs(entries, ["binaries/x"], "binaries/x", false, []), /improper sidecar flag/);
  assert.deepEqual(prepareArgs(entries, ["binaries/x"], "binaries/x", true, ["a"]), ["a"]);
});

test("the double's scope is read from the shipped capability files, both layouts", () => {
  const scope = shippedScope();
  const names = scope.entries.map((entry) => entry.name);
  assert.ok(names.includes("memory-sidecar-onedir") && names.includes("binaries/memory-sidecar"), names.join(","));
  assert.ok(scope.externalBin.includes("binaries/memory-sidecar"));
});
