import 'server-only';
import type { Selectable } from 'kysely';
import type { ApiTokensTable } from '@/lib/db/schema';
import { isTokenScope, type TokenScope } from './permissions';

/** An API token as admins see it: never its secret. */
export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A stored token as the app sees it. */
export function toApiToken(row: Selectable<ApiTokensTable>): ApiToken {
  const scopes: unknown = JSON.parse(row.scopes);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: Array.isArray(scopes) ? scopes.filter(isTokenScope) : [],
    expiresAt: row.expires_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}
