import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { referenceLookup } from '@/lib/secrets/reference-lookup';
import type { ServerConfig } from './server-config';
import { describeConnectError, listAllTools, newClient, openTransport, stdioGuardPath, upstreamWords, type FailureKind } from './server-connection';
import { authorizeSecretUse, authorizeServerChange, checkServerEgress, checkStdioAllowed } from './server-rules';

/** What "Test connection" shows: the server's name, version and tool count, or the error. */
export type ConnectionTestResult =
  | { ok: true; serverInfo: { name: string; version: string }; toolCount: number }
  | { ok: false; kind: FailureKind; error: string };

const TEST_TIMEOUT_MS = 15_000;

/**
 * Connects to a server configuration once (saved or not), lists its tools and closes: the one
 * explicit action that connects on request. Trust boundary: `servers:test` (admins and editors,
 * no token scope) and, for stdio, `servers:stdio`; an HTTP server's host must pass the egress
 * policy first (400 on `/url`, nothing sent), and every request of the test goes through it
 * again. AppError `forbidden`, `invalid` (egress, or stdio while `MCP_STDIO=off`); a server that
 * cannot be reached is a result with what failed and at most 200 characters of its own words.
 */
export async function testServerConnection({ db, actor, config, env = process.env }: { db: Db; actor: Actor; config: ServerConfig; env?: Readonly<Record<string, string | undefined>> }): Promise<ConnectionTestResult> {
  authorize(actor, 'servers:test');
  authorizeServerChange(actor, config);
  authorizeSecretUse(actor, undefined, config);
  checkStdioAllowed(config);
  await checkServerEgress(config, env);
  const client = newClient();
  const stderr: string[] = [];
  const lookup = await referenceLookup({ db, config, env });
  let opened: ReturnType<typeof openTransport>;
  try {
    opened = openTransport(config, lookup, stdioGuardPath(), env);
  } catch (error) {
    return { ok: false, kind: 'config', error: `The server's configuration cannot be used: ${upstreamWords(error instanceof Error ? error.message : String(error))}` };
  }
  try {
    opened.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    await client.connect(opened.transport, { timeout: TEST_TIMEOUT_MS });
    const tools = await listAllTools(client, TEST_TIMEOUT_MS);
    const version = client.getServerVersion();
    return { ok: true, serverInfo: { name: version?.name ?? '', version: version?.version ?? '' }, toolCount: tools.length };
  } catch (error) {
    const lines = opened.redact(stderr.join('')).split(/\r?\n/).filter((line) => line.trim() !== '').join(' ');
    const failure = describeConnectError(error, TEST_TIMEOUT_MS, opened.redact);
    const words = lines === '' ? failure.detail : upstreamWords(lines.slice(-200));
    return { ok: false, kind: lines === '' ? failure.kind : 'stopped', error: words ? `${failure.reason}: ${words}` : failure.reason };
  } finally {
    await client.close().catch(() => undefined);
  }
}
