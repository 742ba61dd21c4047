import type { ConfigWarning } from './check-config';

/** One field of an object as it is and as the file wants it; a side is absent when the field is. */
export interface FieldDiff {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One object the plan creates, updates or deletes. */
export interface ConfigChange {
  kind: 'agent' | 'assignment' | 'rule' | 'policy' | 'token-budget' | 'tool-default' | 'server' | 'workflow';
  action: 'create' | 'update' | 'delete';
  /**
   * `agents/<id>`, `agents/<id>/tools/<tool>`, `agents/<id>/rules/<group>`, `servers/<name>` or
   * `workflows/<name>`, as the audit log names it; `agents/<id>/policies/<tool>` (audited on the
   * assignment's target), `agents/<id>/token-budget` (audited on the agent's) and `tools/<tool>/policy`.
   */
  target: string;
  /** The change in words, for the kinds whose target alone does not say it (policies, defaults, budgets). */
  words?: string;
  /** The agent of an agent, assignment, rule, policy or token budget change. */
  agentId?: string;
  /** The tool of an assignment, policy or group default change. */
  toolName?: string;
  /** The group of a rule change. */
  group?: string;
  /** The server of a server change. */
  serverName?: string;
  /** The workflow of a workflow change. */
  workflowName?: string;
  diffs: FieldDiff[];
}

/** What applying a file would change, and the hash that ties it to the state it was made on. */
export interface ConfigPlan {
  hash: string;
  prune: boolean;
  changes: ConfigChange[];
  summary: { create: number; update: number; delete: number };
  /** What could not be checked (tools of a server that could not be listed), each with its line; applying takes them on trust. */
  warnings: ConfigWarning[];
}
