import { z } from 'zod';
import { MAX_AGENT_DESCRIPTION_LENGTH, MAX_AGENT_ID_LENGTH, MAX_AGENT_NAME_LENGTH } from '@/lib/agents/agent-rules';
import { PutPolicyBodySchema } from '@/lib/api/policy-schemas';
import { CreateRuleBodySchema } from '@/lib/api/rule-schemas';
import { WorkflowBodySchema } from '@/lib/api/workflow-schemas';
import { SERVER_NAME_PATTERN, type ServerConfig } from '@/lib/mcp-servers/server-config';
import type { PolicyInput } from '@/lib/policy/policy-input';
import type { WorkflowDefinition } from '@/lib/workflows/workflow';

/** The format version every configuration file names in `apiVersion`. */
export const CONFIG_API_VERSION = 'tools-admin/v1';

/** Where the file format's JSON Schema is served. */
export const CONFIG_SCHEMA_PATH = '/api/v1/config/schema.json';

/** One agent in a configuration file: its fields and its tools, each tool with its overrides. */
export interface ConfigAgent {
  id: string;
  name: string;
  description: string;
  /** Tool name → overrides, in name order. */
  tools: Record<string, Record<string, unknown>>;
  /** Group rules, in group order, each with its exclusions in name order. */
  rules: ConfigRule[];
  /**
   * Tool name → what the agent's model is told of the tool and how its calls pass (its layer,
   * as `PUT /api/v1/agents/{id}/tools/{tool}/policy` takes it), in name order. Absent: the file
   * leaves the agent's policies as they are; `{}` removes them all.
   */
  policies?: Record<string, ConfigPolicy>;
  /** The agent's own token budget; null: the default. Absent: the file leaves it as it is. */
  tokenBudget?: number | null;
}

/** One tool's policy layer: null (in the file: an absent key) falls through to the layer below. */
export type ConfigPolicy = PolicyInput;

/** The token budget's bounds, as `PUT /api/v1/agents/{id}/token-budget` takes it. */
export const MAX_TOKEN_BUDGET = 10_000_000;

/** One group rule of an agent, as `POST /api/v1/agents/{id}/rules` takes it. */
export interface ConfigRule {
  group: string;
  exclude: string[];
}

/** One workflow, as `POST /api/v1/workflows` takes it (every field filled in). */
export type ConfigWorkflow = WorkflowDefinition;

/**
 * One MCP server in a configuration file, as the servers API stores it: credentials only as
 * `${secret:NAME}` references to the secret store, never their values.
 */
export type ConfigServer = ServerConfig;

/**
 * What an admin configures, as one file. Each section is a list of objects with an `id` (a
 * server's and a workflow's is its `name`); an agent holds its tools and its group rules. A file
 * without `agents`, `servers` or `workflows` leaves those alone, even with prune.
 */
export interface ConfigFile {
  apiVersion: typeof CONFIG_API_VERSION;
  /** Absent: the file says nothing about agents, and even `prune` deletes none (an empty list deletes all). */
  agents?: ConfigAgent[];
  /**
   * Tool name → the tool's group default (every agent's layer below its own), in name order.
   * Absent: the file leaves the defaults as they are; `{}` removes them all.
   */
  toolDefaults?: Record<string, ConfigPolicy>;
  /** Absent: the file says nothing about servers, and even `prune` leaves them as they are. */
  servers?: ConfigServer[];
  /** Absent: the file says nothing about workflows, and even `prune` leaves them as they are. */
  workflows?: ConfigWorkflow[];
}

/** A server with its environment entries and headers in name order, as files and plans compare them. */
export function normalServer(server: ServerConfig): ConfigServer {
  const sorted = (entries: Record<string, string>) => Object.fromEntries(Object.keys(entries).sort().map((key) => [key, entries[key]!]));
  return server.transport === 'http' ? { ...server, headers: sorted(server.headers) } : { ...server, env: sorted(server.env) };
}

const entries = (what: string) => ({
  type: 'object',
  description: `${what}; values may hold \${secret:NAME} references to the secret store (or \${VAR} for variables listed in SERVER_ENV_ALLOWLIST), and credential-like names (token, key, secret, password, auth…) must hold one`,
  additionalProperties: { type: 'string', maxLength: 4096 },
  maxProperties: 64,
});

/** An API body's JSON Schema as draft-07, as the API takes it (defaults make fields optional). */
function bodySchema(schema: z.ZodType): Record<string, unknown> {
  const converted: Record<string, unknown> = { ...z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) };
  delete converted.$schema;
  return converted;
}

/**
 * The JSON Schema (draft-07, which editors' YAML plugins read) of a configuration file. Rules
 * and workflows are described by the API's own body schemas; `withBodies: false` leaves their
 * items open, for a reader that checks them with the API's validators (and their messages).
 */
export function configJsonSchema(schemaUrl: string, { withBodies = true }: { withBodies?: boolean } = {}): Record<string, unknown> {
  const anyObject = { type: 'object' };
  const policy = withBodies ? bodySchema(PutPolicyBodySchema) : anyObject;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: schemaUrl,
    title: 'Tools Admin configuration',
    description: 'Everything an admin configures in Tools Admin, as exported by GET /api/v1/config and read by POST /api/v1/config/plan.',
    type: 'object',
    additionalProperties: false,
    required: ['apiVersion'],
    properties: {
      $schema: { type: 'string', description: 'The URL of this schema (JSON files; YAML files name it in their first line).' },
      apiVersion: { const: CONFIG_API_VERSION, description: 'The format of this file.' },
      agents: {
        type: 'array',
        description: 'The agents, each with the tools assigned to it. Absent: the file leaves the agents alone, even with prune.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name'],
          properties: {
            id: {
              type: 'string',
              pattern: `^[a-z0-9][a-z0-9-]{0,${MAX_AGENT_ID_LENGTH - 1}}$`,
              description: `1–${MAX_AGENT_ID_LENGTH} lowercase letters, digits and hyphens, starting with a letter or digit.`,
            },
            name: { type: 'string', minLength: 1, maxLength: MAX_AGENT_NAME_LENGTH },
            description: { type: 'string', maxLength: MAX_AGENT_DESCRIPTION_LENGTH },
            tools: {
              type: 'object',
              description: "Tool name → that tool's overrides for this agent (checked against the tool's own settings schema).",
              additionalProperties: { type: 'object' },
            },
            rules: {
              type: 'array',
              description: 'Group rules, as POST /api/v1/agents/{id}/rules takes them: every tool of the group, now and later, but the excluded ones.',
              items: withBodies ? bodySchema(CreateRuleBodySchema) : anyObject,
            },
            policies: {
              type: 'object',
              description: 'Tool name → what the model is told of that tool and how its calls pass, as PUT /api/v1/agents/{id}/tools/{tool}/policy takes it (only the keys set). Absent: left as they are; {} removes them all.',
              additionalProperties: policy,
            },
            tokenBudget: {
              type: ['integer', 'null'],
              minimum: 1,
              maximum: MAX_TOKEN_BUDGET,
              description: "The most tokens the agent's tool definitions should cost in any format; null returns to the default. Absent: left as it is.",
            },
          },
        },
      },
      toolDefaults: {
        type: 'object',
        description: "Tool name → the tool's group default for every agent, as PUT /api/v1/tools/{name}/policy takes it (admins only). Absent: left as they are; {} removes them all.",
        additionalProperties: policy,
      },
      servers: {
        type: 'array',
        description: 'The MCP servers whose tools join the catalogue, as POST /api/v1/servers takes them (stdio servers only for admins).',
        items: {
          type: 'object',
          required: ['name', 'transport'],
          properties: {
            name: { type: 'string', pattern: SERVER_NAME_PATTERN.source, description: "1–32 lower-case letters and digits, starting with a letter: the tools' group and prefix." },
            transport: { enum: ['stdio', 'http'] },
            enabled: { type: 'boolean', description: 'Whether the app connects to it (default true).' },
          },
          if: { properties: { transport: { const: 'stdio' } } },
          then: {
            additionalProperties: false,
            required: ['command'],
            properties: {
              name: {},
              enabled: {},
              transport: { const: 'stdio' },
              command: { type: 'string', minLength: 1, maxLength: 1024, description: 'The command the app starts.' },
              args: { type: 'array', items: { type: 'string', maxLength: 4096 }, maxItems: 64 },
              env: entries('Environment entries of the command'),
            },
          },
          else: {
            additionalProperties: false,
            required: ['url'],
            properties: {
              name: {},
              enabled: {},
              transport: { const: 'http' },
              url: { type: 'string', maxLength: 2048, description: "The server's Streamable HTTP endpoint, http:// or https://." },
              headers: entries('Headers of every request'),
            },
          },
        },
      },
      workflows: {
        type: 'array',
        description: 'The workflows, as POST /api/v1/workflows takes them; each is the tool workflow_<name>.',
        items: withBodies ? bodySchema(WorkflowBodySchema) : anyObject,
      },
    },
  };
}
