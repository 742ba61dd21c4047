import 'server-only';
import type { Migration } from 'kysely';
import type { DatabaseKind } from '../dialect-of';
import { initialMigration } from './0001-initial';
import { betterAuthMigration } from './0002-better-auth';
import { authTablesMigration } from './0003-auth-tables';
import { auditFiltersMigration } from './0010-audit-filters';
import { mcpSessionsMigration } from './0012-mcp-sessions';
import { workflowsMigration } from './0030-workflows';
import { agentRulesMigration } from './0031-agent-rules';
import { mcpServersMigration } from './0020-mcp-servers';
import { agentSearchMigration } from './0040-agent-search';
import { serverEventsMigration } from './0080-server-events';
import { agentTrigramSearchMigration } from './0050-agent-trigram-search';
import { secretsMigration } from './0060-secrets';
import { breakGlassMigration } from './0070-break-glass';
import { toolPoliciesMigration } from './0090-tool-policies';
import { tokenBudgetsMigration } from './0091-token-budgets';
import { usageRollupsMigration } from './0110-usage-rollups';
import { approvedToolsMigration } from './0100-approved-tools';
import { tokenAgentsMigration } from './0120-token-agents';
import { runtimeSessionsMigration } from './0121-runtime-sessions';
import { callRatesMigration } from './0122-call-rates';
import { oauthMigration } from './0123-oauth';
import { sessionElicitationMigration } from './0130-session-elicitation';

/**
 * Every migration by name, applied in name order. Listed here rather than read from a
 * folder, so the Next.js build bundles them like any other module.
 */
export function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(kind),
    '0002-better-auth': betterAuthMigration(kind),
    '0003-auth-tables': authTablesMigration(),
    '0010-audit-filters': auditFiltersMigration(kind),
    '0012-mcp-sessions': mcpSessionsMigration(),
    '0030-workflows': workflowsMigration(),
    '0031-agent-rules': agentRulesMigration(),
    '0020-mcp-servers': mcpServersMigration(),
    '0040-agent-search': agentSearchMigration(kind),
    '0050-agent-trigram-search': agentTrigramSearchMigration(kind),
    '0060-secrets': secretsMigration(),
    '0070-break-glass': breakGlassMigration(),
    '0080-server-events': serverEventsMigration(kind),
    '0090-tool-policies': toolPoliciesMigration(),
    '0091-token-budgets': tokenBudgetsMigration(),
    '0100-approved-tools': approvedToolsMigration(),
    '0110-usage-rollups': usageRollupsMigration(),
    '0120-token-agents': tokenAgentsMigration(),
    '0121-runtime-sessions': runtimeSessionsMigration(),
    '0122-call-rates': callRatesMigration(),
    '0123-oauth': oauthMigration(),
    '0130-session-elicitation': sessionElicitationMigration(),
  };
}
