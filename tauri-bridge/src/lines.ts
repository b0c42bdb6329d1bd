/** Reassembles protocol lines from stdout chunks however the host splits them (SPEC S8.2). */

export class LineAssembler {
  private buffer = "";

  /** Lines completed by `chunk`: split on `\n`, `\r` stripped, blank lines skipped. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    const lines: string[] = [];
    let newline = this.buffer.indexOf("\n");
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r/g, "");
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() !== "") lines.push(line);
      newline = this.buffer.indexOf("\n");
    }
    return lines;
  }

  /** What is left when the stream ends: a last line that had no newline, if any. */
  flush(): string[] {
    const rest = this.buffer.replace(/\r/g, "");
    this.buffer = "";
    return rest.trim() === "" ? [] : [rest];
  }
}
