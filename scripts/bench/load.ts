// Concurrent load for the server figures: a number of clients, each on its own keep-alive
// connection, sending requests one after another; every request's time is recorded.
import http from 'node:http';

/** What one timed request saw. */
export interface Timed {
  ms: number;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, when asked for; otherwise only its length is counted. */
  text?: string;
  bytes: number;
}

/** One request over `agent`; resolves once the last byte has arrived. */
export function timedRequest(
  url: string,
  { method = 'GET', headers = {}, body, agent, keepText = false }: { method?: string; headers?: Record<string, string>; body?: string; agent: http.Agent; keepText?: boolean },
): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepText) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, headers: response.headers, bytes, ...(keepText ? { text: Buffer.concat(chunks).toString('utf8') } : {}) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** One side of a comparison: sends one request for client `client` over its connection, resolving to its time in ms. */
export type Send = (client: number, agent: http.Agent) => Promise<number>;

/** The route and its floor, each with one connection per client, reused across rounds. */
export interface Pair {
  route: Send;
  floor: Send;
}

/**
 * Times `pair` under load: `clients` clients at once, each sending `perClient` requests one after
 * another, first to the route and then to the floor (the other way round every other round, so
 * neither always follows a pause), `rounds` times after one untimed round. Resolves to every
 * request's time, per side.
 */
export async function timeUnderLoad(pair: Pair, { clients, perClient, rounds }: { clients: number; perClient: number; rounds: number }): Promise<{ route: number[]; floor: number[] }> {
  const agents = { route: agentsFor(clients), floor: agentsFor(clients) };
  const times = { route: [] as number[], floor: [] as number[] };
  const wave = async (side: 'route' | 'floor', isTimed: boolean) => {
    await Promise.all(
      agents[side].map(async (agent, client) => {
        for (let i = 0; i < perClient; i++) {
          const ms = await pair[side](client, agent);
          if (isTimed) times[side].push(ms);
        }
      }),
    );
  };
  try {
    for (let round = 0; round <= rounds; round++) {
      const order: ('route' | 'floor')[] = round % 2 === 0 ? ['route', 'floor'] : ['floor', 'route'];
      for (const side of order) await wave(side, round > 0);
    }
  } finally {
    for (const agent of [...agents.route, ...agents.floor]) agent.destroy();
  }
  return times;
}

function agentsFor(clients: number): http.Agent[] {
  return Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
}
