// The nearest words of each word by cosine similarity of its vector, for tools/lexicon/build.py (issue 17).
// Reads {"vectors": [[x, …], …], "floor": f, "count": k} on stdin; writes, for each vector in order, its k most
// similar others at or above the floor as [[index, similarity], …], most similar first (ties: lower index).
// Plain IEEE double arithmetic in a fixed order, so every machine writes the same answer. Node, not Python:
// the sidecar's venv has no numeric library, and the 16 000² dot products take pure Python ten minutes.
import { readFileSync } from "node:fs";

const { vectors, floor, count } = JSON.parse(readFileSync(0, "utf8"));
const rows = vectors.length;
const width = rows ? vectors[0].length : 0;
const unit = new Float64Array(rows * width);
vectors.forEach((vector, row) => {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  vector.forEach((x, at) => { unit[row * width + at] = x / norm; });
});
const best = Array.from({ length: rows }, () => []);
const keep = (row, other, similarity) => {
  const kept = best[row];
  if (kept.length === count && similarity <= kept[count - 1][1]) return;
  let at = kept.length;
  while (at > 0 && kept[at - 1][1] < similarity) at -= 1;
  kept.splice(at, 0, [other, similarity]);
  if (kept.length > count) kept.pop();
};
for (let row = 0; row < rows; row += 1) {
  const start = row * width;
  for (let other = row + 1; other < rows; other += 1) {
    let dot = 0;
    const offset = other * width;
    for (let at = 0; at < width; at += 1) dot += unit[start + at] * unit[offset + at];
    if (dot >= floor) {
      keep(row, other, dot);
      keep(other, row, dot);
    }
  }
}
process.stdout.write(JSON.stringify(best));
