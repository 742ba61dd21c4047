// `npm run config -- export|plan|apply`: configuration as code from the command line.
//   export [--format yaml|json] [--out <file>] [--at <time>]  prints the configuration (as it was at <time>), or writes it to <file>
//   plan <file> [--prune]                   prints what applying the file would change
//   apply <file> [--prune]                  plans, prints the plan and applies it in one transaction
// With TOOLS_ADMIN_URL (or --url) and TOOLS_ADMIN_TOKEN (or --token, a token with agents:write)
// it talks to a running server; without, it works on the database of DATABASE_URL directly
// (default ./data/tools-admin.sqlite), as `config import` by the command line's operator.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/app-error';
import { OPERATOR } from '../lib/auth/system-actors';
import { publicUrl } from '../lib/auth/public-url';
import { applyConfig, exportConfig, planConfig, type ConfigPlan } from '../lib/config';
import { formatConfigErrors, formatPlan } from '../lib/config/format-plan';
import { configMaxBytesOf } from '../lib/http/door-constants.mjs';
import { openDatabase } from '../lib/db/open-database';
import { bootRegistry } from '../lib/registry-host';
import { SqlTodoListService } from '../lib/todos/sql-todo-list-service';

const usage = `Usage:
  npm run config -- export [--format yaml|json] [--out config.yaml] [--at 2026-01-31T12:00:00Z]
  npm run config -- plan <file> [--prune]
  npm run config -- apply <file> [--prune]
Against a server: TOOLS_ADMIN_URL=<url> TOOLS_ADMIN_TOKEN=<token> (or --url, --token); otherwise on DATABASE_URL directly.`;

/** The operations, over HTTP or on the database. */
interface Backend {
  /** Whether this process reads the files itself (on the database), rather than a server. */
  isLocal: boolean;
  /** `at`: an ISO 8601 time, for the configuration as it was then. */
  export(format: 'yaml' | 'json', at?: string): Promise<string>;
  plan(file: string, prune: boolean): Promise<ConfigPlan>;
  apply(file: string, prune: boolean, planHash: string): Promise<ConfigPlan>;
  close(): Promise<void>;
}

/** A failure with the file's errors, printed as `file:line:column: message`. */
class FileErrors extends Error {
  constructor(message: string, readonly errors: { pointer?: string; message?: string; line?: number; column?: number }[]) {
    super(message);
  }
}

function httpBackend(url: string, token: string): Backend {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(new URL(path, url), { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    if (response.ok) return response;
    const problem = (await response.json().catch(() => ({}))) as { detail?: string; errors?: FileErrors['errors'] };
    const message = `${response.status} ${problem.detail ?? response.statusText}`;
    throw problem.errors ? new FileErrors(message, problem.errors) : new Error(message);
  };
  return {
    isLocal: false,
    export: async (format, at) => (await call(`/api/v1/config?${new URLSearchParams({ format, ...(at === undefined ? {} : { at }) })}`)).text(),
    plan: async (file, prune) => (await (await call('/api/v1/config/plan', { method: 'POST', body: JSON.stringify({ file, prune }) })).json()) as ConfigPlan,
    apply: async (file, prune, planHash) => (await (await call('/api/v1/config/apply', { method: 'POST', body: JSON.stringify({ file, prune, planHash }) })).json()) as ConfigPlan,
    close: async () => {},
  };
}

async function databaseBackend(): Promise<Backend> {
  const db = await openDatabase({ url: process.env.DATABASE_URL });
  const registry = await bootRegistry({ todoListService: new SqlTodoListService({ db }) });
  const actor = OPERATOR;
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.details.errors) throw new FileErrors(error.message, error.details.errors);
      throw error;
    }
  };
  return {
    isLocal: true,
    export: (format, at) => wrap(() => exportConfig({ db, actor, format, baseUrl: publicUrl().origin, at })),
    plan: (text, prune) => wrap(() => planConfig({ db, registry, actor, text, prune })),
    apply: (text, prune, planHash) => wrap(() => applyConfig({ db, registry, actor, text, prune, planHash })),
    close: () => db.destroy(),
  };
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      prune: { type: 'boolean', default: false },
      format: { type: 'string', default: 'yaml' },
      out: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      at: { type: 'string' },
    },
  });
  const [command, fileName] = positionals;
  const format = values.format === 'json' ? 'json' : values.format === 'yaml' ? 'yaml' : undefined;
  const isMisused =
    (command !== 'export' && !fileName) || (command !== 'export' && (values.out !== undefined || values.at !== undefined)) || values.out === '' || (values.at !== undefined && Number.isNaN(Date.parse(values.at)));
  if (!format || (command !== 'export' && command !== 'plan' && command !== 'apply') || isMisused) {
    console.error(usage);
    return 2;
  }
  const url = values.url ?? process.env.TOOLS_ADMIN_URL?.trim();
  const token = values.token ?? process.env.TOOLS_ADMIN_TOKEN?.trim();
  if (url && !token) {
    console.error('A server URL needs a token: set TOOLS_ADMIN_TOKEN or pass --token (an API token with agents:write).');
    return 2;
  }
  const backend = url && token ? httpBackend(url, token) : await databaseBackend();
  try {
    if (command === 'export') {
      const text = await backend.export(format, values.at === undefined ? undefined : new Date(values.at).toISOString());
      // A file of its own, so nothing else on stdout (npm's banner when run without -s) lands in it.
      if (values.out === undefined) process.stdout.write(text);
      else {
        await writeFile(values.out, text);
        console.log(`Wrote ${values.out}.`);
      }
      return 0;
    }
    // On the database, this process reads the file: not one over the limit (a server checks its own).
    const size = backend.isLocal ? (await stat(fileName!)).size : 0;
    if (size > configMaxBytesOf(process.env)) {
      console.error(`${fileName} is ${size} bytes; a configuration file may have at most ${configMaxBytesOf(process.env)} (CONFIG_MAX_BYTES).`);
      return 1;
    }
    const text = await readFile(fileName!, 'utf8');
    const plan = await backend.plan(text, values.prune);
    console.log(formatPlan(plan));
    if (command === 'plan' || plan.changes.length === 0) return 0;
    const applied = await backend.apply(text, values.prune, plan.hash);
    console.log(`Applied ${applied.changes.length} ${applied.changes.length === 1 ? 'change' : 'changes'}.`);
    return 0;
  } catch (error) {
    if (error instanceof FileErrors) console.error(`${error.message}\n${formatConfigErrors(fileName ?? 'config', error.errors)}`);
    else console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await backend.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
