import 'server-only';
import path from 'node:path';
import {
  ToolRegistry,
  createToolEnvironment,
  discoverPlugins,
  pluginPathFrom,
  provide,
  registerClass,
} from '@/registry';
import { FS_ALLOWED_ROOTS_SETTING, TODO_LIST_SERVICE, builtinRegistrations, type TodoListService } from '@/registry/builtins';
import { getDb } from '@/lib/db/get-db';
import type { Db } from '@/lib/db/schema';
import { logPluginProblems } from '@/lib/log/log-plugin-problems';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { resolveAllowedRoots } from '@/lib/files/resolve-allowed-roots';
import { trackWorkflowCache, WorkflowCache } from '@/lib/workflows/workflow-cache';
import { WorkflowToolProvider } from '@/lib/workflows/workflow-provider';
import { startServerHost } from '@/lib/mcp-servers/server-host';
import { subscribeChanges } from '@/lib/events';
import { approveFirstSeenFaces } from '@/lib/drift/first-seen-faces';

/** Where the host looks for plugins and settings; defaults are the process's own. */
export interface RegistryHostOptions {
  /** The app's root: `./plugins` and the npm dependencies are found from here. */
  appRoot?: string;
  /** The process environment: `TOOLS_PLUGIN_PATH`, `FS_ALLOWED_ROOTS` and the plugins' string settings. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the `todo_*` tools keep their lists; default the process's database (`getDb()`). */
  todoListService?: TodoListService;
  /** Where the workflow provider reads the stored workflows; default the process's database (`getDb()` at each read). */
  workflowDb?: () => Promise<Db>;
}

/**
 * Discovers plugins and loads the registry with built-ins first, then plugins in discovery
 * order. The fs tools get the operator's allowed roots (`FS_ALLOWED_ROOTS`, by default the
 * data folder's `files/`, created here) as their `fs.allowed-roots` setting.
 */
export async function bootRegistry(options: RegistryHostOptions = {}): Promise<ToolRegistry> {
  // Plugins are found at run time, not traced into the build.
  const appRoot = path.resolve(/* turbopackIgnore: true */ options.appRoot ?? process.cwd());
  const env = options.env ?? process.env;
  const todoListService = options.todoListService ?? new SqlTodoListService({ db: await getDb() });
  const configuredPath = env.TOOLS_PLUGIN_PATH?.trim() || undefined;
  const discovery = await discoverPlugins({
    pluginPath: pluginPathFrom(configuredPath, appRoot),
    isPluginPathConfigured: configuredPath !== undefined,
    appRoot,
  });
  // Stored workflows are tools too: a provider whose names come from the database, through a cache.
  const workflowDb = options.workflowDb ?? (() => getDb());
  const workflows = new WorkflowCache(workflowDb);
  // A failed first read leaves the set empty; the version poll reads again within seconds.
  await workflows.reload().catch((error: unknown) => console.error('Workflows: the first read failed', error instanceof Error ? error.message : error));
  // The provider's tools run their steps through the registry they are loaded into.
  const loading: { registry?: ToolRegistry } = {};
  const deps = {
    cache: workflows,
    db: workflowDb,
    registry: () => {
      if (!loading.registry) throw new Error('The registry is still loading');
      return loading.registry;
    },
  };
  const workflowProvider = registerClass('builtin', 'provider', class extends WorkflowToolProvider {
    constructor() {
      super(deps);
    }
  }, 'WorkflowToolProvider');
  const loaded = await ToolRegistry.load({
    registrations: [...builtinRegistrations(), workflowProvider, ...discovery.registrations],
    diagnostics: discovery.diagnostics,
    environment: createToolEnvironment({
      services: new Map([provide(TODO_LIST_SERVICE, todoListService)]),
      strings: { [FS_ALLOWED_ROOTS_SETTING]: await resolveAllowedRoots({ env, cwd: appRoot }) },
      env,
    }),
  });
  loading.registry = loaded;
  trackWorkflowCache(workflows);
  workflows.watch();
  return loaded;
}

const host = globalThis as typeof globalThis & { toolRegistry?: Promise<ToolRegistry> };

/** The registry of this server process, booted once on first use. */
export function getToolRegistry(): Promise<ToolRegistry> {
  if (!host.toolRegistry) {
    host.toolRegistry = bootRegistry().then(async (registry) => {
      logPluginProblems(registry.diagnostics());
      // The registry sees most changes itself (catalogueVersion); a workflow edited or a server's
      // list re-read here or on another instance is said aloud too, and the next reading is fresh.
      subscribeChanges((event) => {
        if (event.kind === 'catalogue') registry.invalidate();
      });
      // The MCP servers admins added join as bundles; each connects in the background.
      await startServerHost(registry);
      // Tools assigned before their face was known (the seeded demo agent's, or while this app was down) are approved as they are now.
      void getDb()
        .then((db) => approveFirstSeenFaces(db, registry))
        .catch((error: unknown) => console.error('Approving first-seen tool versions failed', error instanceof Error ? error.message : error));
      return registry;
    }).catch((error: unknown) => {
      // Let the next request try again instead of caching the failure for the process's life.
      host.toolRegistry = undefined;
      throw error;
    });
  }
  return host.toolRegistry;
}
