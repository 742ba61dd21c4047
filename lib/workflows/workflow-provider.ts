import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { AgentTool, MultiToolProvider, Tool, ToolCallScope, ToolRegistry } from '@/registry';
import type { WorkflowCache } from './workflow-cache';
import { secretInputs } from './secret-inputs';
import { inputsSchema, WORKFLOW_GROUP, type Workflow } from './workflow';

/** What the provider's tools need to run their steps. */
export interface WorkflowProviderDeps {
  cache: WorkflowCache;
  db: () => Promise<Db>;
  /** The registry the provider is loaded into (set once it is loaded). */
  registry: () => ToolRegistry;
}

/**
 * The `MultiToolProvider` of stored workflows: `workflow_<name>` for each, in the group
 * `workflow`. Its names come from the in-memory cache, so a lookup never queries the database.
 */
export class WorkflowToolProvider implements MultiToolProvider {
  constructor(private readonly deps: WorkflowProviderDeps) {}

  group(): string {
    return WORKFLOW_GROUP;
  }

  toolNames(): ReadonlySet<string> {
    return this.deps.cache.toolNames();
  }

  /** An edit keeps the tool's name but may change its description and inputs: the catalogue must read it again. */
  toolsVersion(): string {
    return this.deps.cache.version();
  }

  create(toolName: string, _agentTool: AgentTool, scope: ToolCallScope): Tool | undefined {
    const workflow = this.deps.cache.byToolName(toolName);
    return workflow && new WorkflowTool(workflow, scope, this.deps);
  }
}

/** One workflow as a tool, built for one call. */
class WorkflowTool implements Tool {
  constructor(
    private readonly workflow: Workflow,
    private readonly scope: ToolCallScope,
    private readonly deps: WorkflowProviderDeps,
  ) {}

  name(): string {
    return this.workflow.toolName;
  }

  description(): string {
    return this.workflow.description || `Runs the workflow "${this.workflow.name}" (${this.workflow.steps.length} steps)`;
  }

  /** The inputs, those that flow into a step's secret field marked `writeOnly`: the audit and the approvals redact them. */
  parametersSchema(): Record<string, unknown> {
    const registry = this.deps.registry();
    return inputsSchema(this.workflow.inputs, secretInputs(this.workflow, (toolName) => registry.entry(toolName)?.parametersSchema));
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    // Loaded on first run: the runner reads tool defaults through RJSF, which only the app's bundle (not a bare
    // `react-server` process such as the fleet's crash-test server) can load beside React's server build.
    const { runWorkflow } = await import('./run-workflow');
    const run = await runWorkflow({ workflow: this.workflow, input: args, scope: this.scope, registry: this.deps.registry(), db: await this.deps.db() });
    if (!run.ok) throw new Error(run.error ?? `Workflow "${this.workflow.name}" failed`);
    return run.output ?? '';
  }
}
