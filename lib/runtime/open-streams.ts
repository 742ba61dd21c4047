import 'server-only';

/** Something that holds a connection open and can end it. */
type Closable = () => void;

const host = globalThis as typeof globalThis & { openMcpStreams?: Set<Closable> };

/** Registers an open SSE stream so shutdown can end it; returns the function that forgets it. */
export function trackOpenStream(close: Closable): () => void {
  host.openMcpStreams ??= new Set();
  host.openMcpStreams.add(close);
  return () => host.openMcpStreams?.delete(close);
}

/** Ends every open MCP stream of this process, so a shutdown is not held up by idle clients. */
export function closeOpenStreams(): number {
  const streams = [...(host.openMcpStreams ?? [])];
  host.openMcpStreams?.clear();
  for (const close of streams) {
    try {
      close();
    } catch (error) {
      console.error('Closing an MCP stream failed', error);
    }
  }
  return streams.length;
}
