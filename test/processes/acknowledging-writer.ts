// A separate process for the crash test: creates agents w-0, w-1, … until killed, printing
// "ack <n>" only after each one's transaction has committed.
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { createAgent } from '@/lib/agents/create-agent';
import { openDatabase } from '@/lib/db/open-database';

const db = await openDatabase({ url: process.env.DATABASE_URL });
for (let n = 0; ; n++) {
  await createAgent({ db, actor: TEST_ADMIN, input: { id: `w-${n}`, name: `Write ${n}`, description: 'x'.repeat(2000) } });
  process.stdout.write(`ack ${n}\n`);
}
