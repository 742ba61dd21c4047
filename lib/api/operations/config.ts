import 'server-only';
import { z } from 'zod';
import { BODY_PROBLEMS, INVALID_QUERY, type ApiOperation } from '../api-operation';
import { ConfigApplyBodySchema, ConfigExportQuerySchema, ConfigFileSchema, ConfigPlanBodySchema, ConfigPlanSchema } from '../config-schemas';

const tooLarge = 'The file is larger than CONFIG_MAX_BYTES (1 MiB by default), or the body than twice that; or reading the file ran out of the memory or time (20 s) it may use';
const fileErrors = 'or the file has errors, or more values than one per 8 bytes of CONFIG_MAX_BYTES, nesting deeper than 64 levels, or aliases that repeat past those limits';
const busy = 'More configuration files are being read than may wait; try again after `Retry-After` seconds';

/** Configuration as code: export, its schema, plan, apply. */
export const configOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/config', operationId: 'exportConfig', tag: 'config',
    summary: 'Everything an admin configures (agents with their assignments, overrides and group rules; MCP servers; workflows) as one file, in a stable order',
    query: ConfigExportQuerySchema,
    success: {
      200: {
        description: 'The configuration as JSON with `?format=json`; by default YAML whose first line names the schema for editors',
        schema: ConfigFileSchema,
        otherContent: { 'application/yaml': { schema: { type: 'string', description: 'The same configuration as YAML' } } },
      },
    },
    problems: [400],
    problemDescriptions: { 400: INVALID_QUERY },
  },
  {
    method: 'GET', path: '/api/v1/config/schema.json', operationId: 'getConfigSchema', tag: 'config',
    summary: 'The JSON Schema of a configuration file (public, for editors)',
    success: { 200: { description: 'A JSON Schema (draft-07)', schema: z.record(z.string(), z.unknown()) } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/config/plan', operationId: 'planConfig', tag: 'config',
    summary: 'What applying a configuration file would create, update or delete, field by field, checked against the catalogue the file makes (an MCP server it adds is connected to once to list its tools); changes nothing',
    body: ConfigPlanBodySchema,
    success: { 200: { description: 'The plan and its hash', schema: ConfigPlanSchema } },
    problems: [...BODY_PROBLEMS, 429],
    problemDescriptions: {
      400: `The body does not have the expected shape, ${fileErrors}: each in \`errors\` with its \`pointer\`, \`line\` and \`column\``,
      413: tooLarge,
      429: busy,
    },
  },
  {
    method: 'POST', path: '/api/v1/config/apply', operationId: 'applyConfig', tag: 'config',
    summary: 'Applies a reviewed plan in one transaction, one audit event per change by `config import`',
    body: ConfigApplyBodySchema,
    success: { 200: { description: 'The plan as applied', schema: ConfigPlanSchema } },
    problems: [...BODY_PROBLEMS, 412, 429],
    problemDescriptions: {
      400: `The body does not have the expected shape, ${fileErrors} (each with \`pointer\`, \`line\`, \`column\`)`,
      412: 'The stored configuration changed since the plan was made; `current` holds the plan as it stands now',
      413: tooLarge,
      429: busy,
    },
  },
];
