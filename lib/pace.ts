import 'server-only';

/**
 * Lets a long loop on the event loop (checking and planning a configuration file of thousands
 * of agents) give way to other requests: `await pace.breathe()` in each round yields once the
 * current slice (5 ms) is used up, and costs nothing otherwise. The slice is short because a
 * request needs several turns of the event loop and may wait one slice at each: with 20 ms slices
 * a health check during a 1 MiB plan took up to 160 ms, with 5 ms at most about 60 ms
 * (`BENCH_ONLY=config npm run bench`), and the plan itself was no slower.
 */
export class Pace {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = 5) {}

  async breathe(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}

/**
 * The JSON text of `value`, the same text `JSON.stringify` gives, built so that a large answer
 * (a plan of thousands of changes) gives way to other requests: each item of a list, and of a
 * list inside an object, is written on its own, with `pace.breathe()` between them.
 */
export async function pacedJsonText(value: unknown, pace: Pace = new Pace()): Promise<string> {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value as unknown[]) {
      await pace.breathe();
      parts.push(JSON.stringify(item) ?? 'null');
    }
    return `[${parts.join(',')}]`;
  }
  if (isPlainObject(value)) {
    const parts: string[] = [];
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      parts.push(`${JSON.stringify(key)}:${await pacedJsonText(field, pace)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
