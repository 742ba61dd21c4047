import 'server-only';
import type { ApiOperation } from './api-operation';
import { agentOperations } from './operations/agents';
import { assignmentOperations } from './operations/assignments';
import { auditOperations } from './operations/audit';
import { authOperations } from './operations/auth';
import { oauthOperations } from './operations/oauth';
import { catalogueOperations } from './operations/catalogue';
import { configOperations } from './operations/config';
import { fleetOperations } from './operations/fleet';
import { historyOperations, serverAndWorkflowHistoryOperations, upstreamOperations } from './operations/history';
import { metaOperations } from './operations/meta';
import { policyOperations } from './operations/policy';
import { approvalOperations } from './operations/approvals';
import { ruleOperations } from './operations/rules';
import { runtimeOperations } from './operations/runtime';
import { secretOperations } from './operations/secrets';
import { serverOperations } from './operations/servers';
import { usageOperations } from './operations/usage';
import { workflowOperations } from './operations/workflows';

/**
 * Every operation of `/api/v1`, declared per resource in `operations/` (most through the
 * builders of `api-operation.ts`); the OpenAPI document is generated from this table, in this order.
 */
export const apiOperations: ApiOperation[] = [
  ...catalogueOperations,
  ...agentOperations,
  ...historyOperations,
  ...assignmentOperations,
  ...upstreamOperations,
  ...ruleOperations,
  ...policyOperations,
  ...approvalOperations,
  ...workflowOperations,
  ...serverAndWorkflowHistoryOperations,
  ...runtimeOperations,
  ...auditOperations,
  ...usageOperations,
  ...authOperations,
  ...oauthOperations,
  ...serverOperations,
  ...secretOperations,
  ...metaOperations,
  ...configOperations,
  ...fleetOperations,
];
