import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** What one timed GET saw: ms until the last byte and until the status line and headers arrived, bytes as sent on the wire. */
export interface TimedResponse {
  ms: number;
  firstByteMs: number;
  status: number;
  bytes: number;
  etag?: string;
  contentEncoding?: string;
}

/** One GET over a keep-alive connection, without Accept-Encoding unless `headers` has one; resolves to ms until the last byte. */
export function timedGet(url: string, headers: Record<string, string> = {}): Promise<TimedResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const firstByteMs = performance.now() - started;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            firstByteMs,
            status: response.statusCode ?? 0,
            bytes,
            etag: response.headers.etag,
            contentEncoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Timings of `runs` sequential GETs after `warmup` untimed ones. */
export async function timeRequests(url: string, runs: number, warmup: number, headers?: Record<string, string>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await timedGet(url, headers);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timedGet(url, headers)).ms);
  return times;
}

export function closeConnections(): void {
  agent.destroy();
}
