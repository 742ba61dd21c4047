import 'server-only';
import { keyedHistoryRoutes } from './object-routes';
import { ruleHistoryKind, ruleKey } from './rule-history';

/** An agent's rule's history routes under `/api/v1/agents/{id}/rules/{group}`: read as the agent (`agents:read`), restored with `agents:write`. */
export const ruleHistoryRoutes = keyedHistoryRoutes(ruleHistoryKind, { readPermission: 'agents:read', key: ({ id, group }: { id: string; group: string }) => ruleKey(id, group) });
