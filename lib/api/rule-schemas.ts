import { z } from 'zod';
import { isStorableText } from '@/lib/db/storable-text';
import { AssignmentViewSchema, UpstreamChangeSchema } from './assignment-schemas';

const toolName = z.string().min(1).max(200).refine(isStorableText, 'Text must not contain U+0000 (NUL).');

/** A catalogue group's name, as rules name it. */
export const RuleGroupSchema = z.string().min(1).max(200).refine(isStorableText, 'Text must not contain U+0000 (NUL).');

/** The body of `POST /api/v1/agents/{id}/rules`. */
export const CreateRuleBodySchema = z.strictObject({
  group: RuleGroupSchema.meta({ description: 'The catalogue group whose every tool the agent gets, now and later' }),
  exclude: z.array(toolName).max(1000).default([]).meta({ description: 'Tools of the group the rule does not give' }),
});

/** The body of `PUT /api/v1/agents/{id}/rules/{group}`. */
export const UpdateRuleBodySchema = z.strictObject({
  group: RuleGroupSchema.optional().meta({ description: 'When given, the group of the path' }),
  exclude: z.array(toolName).max(1000),
});

/** One tool a rule covers now. */
export const RuleToolSchema = z.object({
  toolName: z.string(),
  origin: z.enum(['assignment', 'rule']).meta({ description: '`rule`: the rule gives it, with the tool\'s defaults; `assignment`: the agent has it assigned itself, and that assignment wins' }),
  status: z.enum(['ok', 'unavailable', 'invalid']),
  unavailableReason: z.string().optional(),
  unavailableSince: z.string().optional().meta({ format: 'date-time', description: 'Since when the tool has been unavailable, when its plugin says (an MCP server that went away); only with unavailableReason' }),
  errors: z.array(z.object({ pointer: z.string(), message: z.string() })).optional().meta({ description: 'For invalid: what the tool\'s defaults lack; assign the tool with its settings' }),
  upstreamChange: UpstreamChangeSchema,
});

/** A group rule with the tools it gives now; `version` is its ETag. */
export const AgentRuleSchema = z.object({
  agentId: z.string(),
  group: z.string(),
  exclude: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  toolCount: z.number().int().meta({ description: 'How many tools the rule gives now (not counting those assigned explicitly)' }),
  tools: z.array(RuleToolSchema),
});

/** `GET /api/v1/agents/{id}/rules`. */
export const AgentRuleListSchema = z.object({ rules: z.array(AgentRuleSchema) });

/** `GET /api/v1/agents/{id}/tools`: the explicit assignments and the rules with the tools they give, each marked with its origin. */
export const AgentToolsSchema = z.object({
  assignments: z.array(AssignmentViewSchema.extend({ origin: z.literal('assignment') })),
  rules: z.array(AgentRuleSchema),
});
