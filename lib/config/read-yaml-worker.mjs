// @ts-check
// The worker thread that reads a configuration file (lib/config/read-config-text.ts starts it,
// by its path from the app's root: Node loads this file as it is, outside the app's bundle).
// It reads `workerData.text` within `workerData.limits` and posts what `readYaml` gives back as
// JSON text: the main thread parses JSON many times faster than it takes a structured clone of
// the same values (700 ms for a 1 MiB file), the top-level lists (agents…) in pieces it parses
// one at a time, giving way to other requests, and the positions only when it needs a line.
// The thread's heap and time are bounded by whoever starts it; a file that passes them ends
// the thread, never the process.
import { parentPort, workerData } from 'node:worker_threads';
import { readYaml } from './read-yaml.mjs';

const { text, limits } = /** @type {{ text: string; limits: import('./read-yaml.mjs').ReadLimits }} */ (workerData);
/** How many items of a top-level list go in one piece of JSON (the main thread parses piece by piece). */
const PIECE = 250;

const { positions, value, ...read } = readYaml(text, limits);
/** @type {Record<string, string[]>} the top-level lists, as JSON pieces */
const lists = {};
/** @type {unknown} */
let rest = value;
if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
  const fields = /** @type {Record<string, unknown>} */ (value);
  // Each list is left empty in its place (the keys keep their order) and sent in pieces.
  rest = Object.fromEntries(Object.entries(fields).map(([key, field]) => {
    if (!Array.isArray(field) || key === '__proto__') return [key, field];
    const pieces = [];
    for (let start = 0; start < field.length; start += PIECE) pieces.push(JSON.stringify(field.slice(start, start + PIECE)));
    lists[key] = pieces;
    return [key, []];
  }));
}
parentPort?.postMessage({ read: JSON.stringify(read), value: JSON.stringify(rest), lists, positions: JSON.stringify(positions) });
