// The studio's files of record (rounds, transfer wallets, sports bets): one JSON line per step, appended.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The entries of a JSON-lines file, oldest first; none when it does not exist yet. A torn last line (a stop in the
 * middle of a write) is skipped: the step it recorded had not been answered yet, so its caller redoes it.
 */
export function readJsonLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  const entries: T[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as T);
    } catch {
      // Only the last line can be torn.
    }
  }
  return entries;
}

/** Opens a JSON-lines file for appending, its folder made first. */
export function openJsonLines(file: string): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return fs.openSync(file, 'a');
}

/** Appends one entry and returns once it is on disk. */
export function appendDurably(fd: number, entry: unknown): void {
  fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
  fs.fsyncSync(fd);
}
