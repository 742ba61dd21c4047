import type { ConfigWarning } from './check-config';

/** One field of an object as it is and as the file wants it; a side is absent when the field is. */
export interface FieldDiff {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One object the plan creates, updates or deletes. */
export interface ConfigChange {
  kind: 'agent' | 'assignment' | 'rule' | 'server' | 'workflow';
  action: 'create' | 'update' | 'delete';
  /**
   * `agents/<id>`, `agents/<id>/tools/<tool>`, `agents/<id>/rules/<group>`, `servers/<name>` or
   * `workflows/<name>`, as the audit log names it.
   */
  target: string;
  /** The agent of an agent, assignment or rule change. */
  agentId?: string;
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
