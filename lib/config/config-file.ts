import { MAX_AGENT_DESCRIPTION_LENGTH, MAX_AGENT_ID_LENGTH, MAX_AGENT_NAME_LENGTH } from '@/lib/agents/agent-rules';

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
}

/**
 * What an admin configures, as one file. Each section is a list of objects with an `id`;
 * sections other issues add (group rules, MCP servers, workflows) sit beside `agents`.
 */
export interface ConfigFile {
  apiVersion: typeof CONFIG_API_VERSION;
  agents: ConfigAgent[];
}

/** The JSON Schema (draft-07, which editors' YAML plugins read) of a configuration file. */
export function configJsonSchema(schemaUrl: string): Record<string, unknown> {
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
        description: 'The agents, each with the tools assigned to it.',
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
          },
        },
      },
    },
  };
}
