import 'server-only';

/**
 * Lets a long loop on the event loop (checking and planning a configuration file of thousands
 * of agents) give way to other requests: `await pace.breathe()` in each round yields once the
 * current slice (20 ms) is used up, and costs nothing otherwise.
 */
export class Pace {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = 20) {}

  async breathe(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
