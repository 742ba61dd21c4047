import 'server-only';
import type { Selectable } from 'kysely';
import type { ApiTokensTable } from '@/lib/db/schema';
import { isTokenScope, type TokenScope } from './permissions';
import { answeredAgents, parseStoredAgents, type TokenAgents } from './token-agents';

/** When a token last acted on one agent (at a minute's resolution). */
export interface TokenAgentUse {
  agentId: string;
  lastUsedAt: string;
}

/** An API token as admins see it: never its secret. */
export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  /** The agents it reaches: `"all"` (an explicit choice) or the named agents' ids. */
  agents: TokenAgents;
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Its last use per agent, most recent first. */
  agentUses: TokenAgentUse[];
}

/** A stored token as the app sees it, with its uses per agent when they were read. */
export function toApiToken(row: Selectable<ApiTokensTable>, agentUses: TokenAgentUse[] = []): ApiToken {
  const scopes: unknown = JSON.parse(row.scopes);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: Array.isArray(scopes) ? scopes.filter(isTokenScope) : [],
    agents: answeredAgents(parseStoredAgents(row.agents)),
    expiresAt: row.expires_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    agentUses,
  };
}
