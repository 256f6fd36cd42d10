import { readFile } from "node:fs/promises";

// Count the words of every file
const MAX = 10;

export async function countWords(paths, { verbose = false } = {}) {
  const counts = new Map();
  for (const path of paths.slice(0, MAX)) {
    const text = await readFile(path, "utf8");
    const words = text.split(/\s+/).filter(Boolean);
    counts.set(path, words.length);
    if (verbose) console.log(`${path}: ${words.length} words`);
  }
  return counts;
}

class Counter {
  #total = 0;
  add(n = 1) { this.#total += n; return this; }
  get total() { return this.#total; }
}

countWords(["a.txt"]).then((c) => new Counter().add(c.size).total, null);
