// The baseline for assignment saves: a bare node:http server with better-sqlite3 doing what a
// PUT of an assignment does at its core: parse the body, check the If-Match version, validate
// the overrides against the tool's schema with ajv and check that baseDir is a folder under
// the allowed root, then in one BEGIN IMMEDIATE transaction update the row and write the audit
// event. No auth, no routing, no framework. Args: <sqlite file> <port> <schema JSON file> <allowed root>.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Ajv from 'ajv';
import BetterSqlite3 from 'better-sqlite3';

const [file = '', port = '0', schemaFile = '', root = ''] = process.argv.slice(2);
const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
const db = new BetterSqlite3(file);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
// As the app's database (lib/db/open-database.ts): every commit is on disk before the answer.
// better-sqlite3 builds SQLite with WAL's default at NORMAL, which would skip that fsync.
db.pragma('synchronous = FULL');
const read = db.prepare('select version from assignments where agent_id = ? and tool_name = ?');
const update = db.prepare('update assignments set overrides = ?, version = version + 1, updated_at = ? where agent_id = ? and tool_name = ? and version = ?');
const audit = db.prepare(
  "insert into audit_events (at, actor, actor_id, actor_name, action, target, agent_id, tool_name, before, after) values (?, 'bench', 'bench', 'bench', 'assignment.put', ?, ?, ?, null, ?)",
);
const save = db.transaction((agentId: string, toolName: string, overrides: string, version: number) => {
  const row = read.get(agentId, toolName) as { version: number } | undefined;
  if (!row || row.version !== version) return undefined;
  const now = new Date().toISOString();
  update.run(overrides, now, agentId, toolName, version);
  audit.run(now, `agents/${agentId}/tools/${toolName}`, agentId, toolName, overrides);
  return version + 1;
});

function isInsideRoot(baseDir: unknown): boolean {
  if (typeof baseDir !== 'string') return false;
  try {
    const real = realpathSync(baseDir);
    return statSync(real).isDirectory() && (real === root || real.startsWith(`${root}${path.sep}`));
  } catch {
    return false;
  }
}

http
  .createServer((request, response) => {
    const [, , , , agentId = '', , toolName = ''] = (request.url ?? '').split('/');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { overrides: Record<string, unknown> };
      const version = Number(/"(\d+)"/.exec(request.headers['if-match'] ?? '')?.[1]);
      if (!validate(body.overrides) || !isInsideRoot(body.overrides.baseDir)) {
        response.writeHead(400).end('{}');
        return;
      }
      const saved = save.immediate(decodeURIComponent(agentId), decodeURIComponent(toolName), JSON.stringify(body.overrides), version);
      if (saved === undefined) response.writeHead(412).end('{}');
      else response.writeHead(200, { 'content-type': 'application/json', etag: `"${saved}"` }).end(JSON.stringify({ version: saved }));
    });
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
