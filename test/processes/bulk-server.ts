// A separate process for the crash test: a plain node:http server in front of the real
// POST /api/v1/tools/{name}/agents handler, on DATABASE_URL. Prints "listening <port>", and
// "request" when a request arrives, so the test knows when to kill it.
import { createServer } from 'node:http';
import { POST } from '@/app/api/v1/tools/[name]/agents/route';

const server = createServer((incoming, outgoing) => {
  process.stdout.write('request\n');
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const name = decodeURIComponent(url.pathname.split('/')[4] ?? '');
    const headers = new Headers();
    for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(key, value);
    const request = new Request(url, { method: incoming.method, headers, body: Buffer.concat(chunks) });
    void POST(request, { params: Promise.resolve({ name }) }).then(async (response) => {
      outgoing.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
      outgoing.end(await response.text());
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
