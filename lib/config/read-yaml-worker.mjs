// @ts-check
// The worker thread that reads a configuration file (lib/config/read-config-text.ts starts it,
// by its path from the app's root: Node loads this file as it is, outside the app's bundle).
// It reads `workerData.text` within `workerData.limits` and posts what `readYaml` gives back.
// The thread's heap and time are bounded by whoever starts it; a file that passes them ends
// the thread, never the process.
import { parentPort, workerData } from 'node:worker_threads';
import { readYaml } from './read-yaml.mjs';

const { text, limits } = /** @type {{ text: string; limits: import('./read-yaml.mjs').ReadLimits }} */ (workerData);
parentPort?.postMessage(readYaml(text, limits));
