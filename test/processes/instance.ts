// A separate process standing for one app instance: opens the database as the server does
// (getDb: migrate, seed) and answers one JSON command per stdin line with one JSON line.
import { createInterface } from 'node:readline';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AppError } from '@/lib/app-error';
import { createAgent } from '@/lib/agents/create-agent';
import { getAgent } from '@/lib/agents/get-agent';
import { updateAgent } from '@/lib/agents/update-agent';
import { closeDatabases } from '@/lib/db/close-databases';
import { getDb } from '@/lib/db/get-db';

type Command =
  | { op: 'create'; id: string; name: string }
  | { op: 'get'; id: string }
  | { op: 'rename'; id: string; name: string; expectedVersion: number };

const db = await getDb();
console.log(JSON.stringify({ ready: true }));
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as Command;
  try {
    const agent =
      command.op === 'create'
        ? await createAgent({ db, actor: TEST_ADMIN, input: { id: command.id, name: command.name } })
        : command.op === 'get'
          ? await getAgent({ actor: TEST_ADMIN, db, id: command.id })
          : await updateAgent({ db, actor: TEST_ADMIN, id: command.id, expectedVersion: command.expectedVersion, changes: { name: command.name } });
    console.log(JSON.stringify({ agent }));
  } catch (error) {
    console.log(JSON.stringify({ error: error instanceof AppError ? error.code : String(error) }));
  }
}
await closeDatabases();
