import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import { referenceLookup } from '@/lib/secrets/reference-lookup';
import type { ServerConfig } from './server-config';
import { describeConnectError, listAllTools, newClient, openTransport, stdioGuardPath } from './server-connection';
import { authorizeSecretUse, authorizeServerChange, checkStdioAllowed } from './server-rules';

/** What "Test connection" shows: the server's name, version and tool count, or the error. */
export type ConnectionTestResult =
  | { ok: true; serverInfo: { name: string; version: string }; toolCount: number }
  | { ok: false; error: string };

const TEST_TIMEOUT_MS = 15_000;

/**
 * Connects to a server configuration once (saved or not), lists its tools and closes. AppError
 * `forbidden` (stdio needs `servers:stdio`: it runs a command), `invalid` while `MCP_STDIO=off`;
 * a server that cannot be reached is a result with its error, not a throw.
 */
export async function testServerConnection({ db, actor, config, env = process.env }: { db: Db; actor: Actor; config: ServerConfig; env?: Readonly<Record<string, string | undefined>> }): Promise<ConnectionTestResult> {
  authorizeServerChange(actor, config);
  authorizeSecretUse(actor, undefined, config);
  checkStdioAllowed(config);
  const client = newClient();
  const stderr: string[] = [];
  try {
    const opened = openTransport(config, await referenceLookup({ db, config, env }), stdioGuardPath());
    opened.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    await client.connect(opened.transport, { timeout: TEST_TIMEOUT_MS });
    const tools = await listAllTools(client, TEST_TIMEOUT_MS);
    const version = client.getServerVersion();
    return { ok: true, serverInfo: { name: version?.name ?? '', version: version?.version ?? '' }, toolCount: tools.length };
  } catch (error) {
    const lines = stderr.join('').split(/\r?\n/).filter((line) => line.trim() !== '').slice(-8).join('\n');
    const message = describeConnectError(error, TEST_TIMEOUT_MS);
    return { ok: false, error: lines === '' ? message : `${message}\n${lines}` };
  } finally {
    await client.close().catch(() => undefined);
  }
}
