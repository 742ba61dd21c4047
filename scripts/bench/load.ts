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

/** One thing timed: sends one request for client `client` over its connection, resolving to its time in ms. */
export type Send = (client: number, agent: http.Agent) => Promise<number>;

/**
 * Times each of `sides` (a route, its floor, perhaps another build's route and floor) under
 * load: `clients` clients at once, each sending `perClient` requests one after another, one side
 * after the other, the order turned by one every round so that none always follows a pause;
 * `rounds` times after one untimed round. Each side keeps one connection per client across
 * rounds. Resolves to every request's time, per side.
 */
export async function timeUnderLoad<K extends string>(sides: Record<K, Send>, { clients, perClient, rounds }: { clients: number; perClient: number; rounds: number }): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  const agents = new Map(names.map((name) => [name, Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }))]));
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const wave = async (name: K, isTimed: boolean) => {
    await Promise.all(
      agents.get(name)!.map(async (agent, client) => {
        for (let i = 0; i < perClient; i++) {
          const ms = await sides[name](client, agent);
          if (isTimed) times[name].push(ms);
        }
      }),
    );
  };
  try {
    for (let round = 0; round <= rounds; round++) {
      const turn = round % names.length;
      for (const name of [...names.slice(turn), ...names.slice(0, turn)]) await wave(name, round > 0);
    }
  } finally {
    for (const list of agents.values()) for (const agent of list) agent.destroy();
  }
  return times;
}
