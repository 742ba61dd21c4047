import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The tables as stored. Rows are not the app's types: JSON travels as text and every
 * timestamp is an ISO 8601 string in UTC, the same on SQLite and PostgreSQL.
 */
export interface Database {
  agents: AgentsTable;
  assignments: AssignmentsTable;
  audit_events: AuditEventsTable;
  todo_items: TodoItemsTable;
  mcp_sessions: McpSessionsTable;
}

/** One agent. */
export interface AgentsTable {
  id: string;
  name: string;
  description: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One tool bound to one agent; unique per agent and tool. */
export interface AssignmentsTable {
  agent_id: string;
  tool_name: string;
  /** The overrides object as JSON text. */
  overrides: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One audited change. The id only grows, so it orders events and pages through them. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target: string;
  /** JSON text, or null when there was nothing before (a create). */
  before: ColumnType<string | null, string | null, never>;
  /** JSON text, or null when nothing is left after (a delete). */
  after: ColumnType<string | null, string | null, never>;
}

/** One item of a session's todo list, at its position in the list. */
export interface TodoItemsTable {
  session_id: string;
  position: number;
  content: string;
  status: string;
  updated_at: string;
}

/** One session of an agent's MCP endpoint; its id is the tools' `ToolCallScope.sessionId`. */
export interface McpSessionsTable {
  id: string;
  agent_id: string;
  created_at: string;
}

/** A connection to the tools-admin database, SQLite or PostgreSQL. */
export type Db = Kysely<Database>;
