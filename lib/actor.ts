/** Who performs a write; recorded in every audit event. */
export interface Actor {
  id: string;
  displayName: string;
}

/** The fixed local administrator, used until sign-in exists. */
export const LOCAL_ADMIN: Actor = { id: 'local-admin', displayName: 'Local admin' };

/** The agent runtime, which writes the `todo_*` tools' lists while agents run. */
export const AGENT_RUNTIME: Actor = { id: 'runtime', displayName: 'Agent runtime' };
