// Where a page's main thread spends its time during some steps: Chromium's sampling profiler
// through the DevTools protocol, summed by function (self time, i.e. not counting callees).
import type { Page } from '@playwright/test';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** One function's share of the profiled steps. */
export interface SelfTime {
  /** Name as Chromium reports it (the production bundle is minified) and where it is. */
  name: string;
  where: string;
  /** Self time per step, ms. */
  msPerStep: number;
  /** The first characters of the function's code, to tell minified functions apart. */
  code: string;
}

const IDLE = new Set(['(idle)', '(program)', '(root)']);

/**
 * Runs `steps` with the sampling profiler on (100 µs interval) and answers the functions with
 * the most self time, per step. `(garbage collector)` is counted: garbage is work too.
 */
export async function profileSteps(page: Page, stepCount: number, steps: () => Promise<void>, top = 8): Promise<SelfTime[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await steps();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const found = selfTimes(profile, stepCount).slice(0, top);
    const sources = new Map<string, Promise<string>>();
    const sourceOf = (url: string) => {
      let text = sources.get(url);
      if (!text) {
        text = page.context().request.get(url).then((response) => response.text(), () => '');
        sources.set(url, text);
      }
      return text;
    };
    return Promise.all(found.map(async (entry) => ({ ...entry, code: entry.url ? codeAt(await sourceOf(entry.url), entry.line, entry.column) : '' })));
  } finally {
    await cdp.detach();
  }
}

function codeAt(source: string, line: number, column: number): string {
  const text = source.split('\n')[line] ?? '';
  return text.slice(column, column + 90).replace(/\s+/g, ' ');
}

interface Found {
  name: string;
  where: string;
  url: string;
  line: number;
  column: number;
  msPerStep: number;
}

function selfTimes(profile: Profile, stepCount: number): Found[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, { name: string; where: string; url: string; line: number; column: number; micros: number }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [index, nodeId] of samples.entries()) {
    const frame = byNode.get(nodeId);
    if (!frame || IDLE.has(frame.functionName)) continue;
    // A sample's time is the gap to the next one.
    const micros = deltas[index + 1] ?? 0;
    const file = frame.url ? frame.url.replace(/^.*\//, '') : '(native)';
    const where = frame.url ? `${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : file;
    const name = frame.functionName || '(anonymous)';
    const key = `${name}@${where}`;
    const total = totals.get(key) ?? { name, where, url: frame.url, line: frame.lineNumber, column: frame.columnNumber, micros: 0 };
    total.micros += micros;
    totals.set(key, total);
  }
  return [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .map(({ micros, ...frame }) => ({ ...frame, msPerStep: micros / 1000 / stepCount }));
}
