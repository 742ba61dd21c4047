// A separate process for the crash test: a plain node:http server that runs `bulkAssign` (an
// add of one tool) for each POST /api/v1/tools/{name}/agents, as the admin, on DATABASE_URL.
// Prints "listening <port>", and "request" when a request arrives, so the test knows when to kill it.
import { createServer } from 'node:http';
import { getDb } from '@/lib/db/get-db';
import { bulkAssign } from '@/lib/fleet/bulk-assign';
import { getToolRegistry } from '@/lib/registry-host';
import { TEST_ADMIN } from '@/test/auth/test-actors';

interface BulkAddBody {
  agentIds: string[];
  overrides: Record<string, unknown>;
  preview: boolean;
}

const server = createServer((incoming, outgoing) => {
  process.stdout.write('request\n');
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const toolName = decodeURIComponent(url.pathname.split('/')[4] ?? '');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BulkAddBody;
    const answer = async () => {
      const results = await bulkAssign({
        db: await getDb(),
        registry: await getToolRegistry(),
        actor: TEST_ADMIN,
        toolName,
        agentIds: body.agentIds,
        operation: { kind: 'add', overrides: body.overrides },
        isPreview: body.preview,
      });
      return { status: 200, body: { results } };
    };
    void answer()
      .catch((error: unknown) => ({ status: 500, body: { detail: error instanceof Error ? error.message : String(error) } }))
      .then(({ status, body: answerBody }) => {
        outgoing.writeHead(status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(answerBody));
      });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
