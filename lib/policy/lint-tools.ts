import 'server-only';
import type { EffectiveTool } from '@/lib/runtime/effective-tool';
import { countToolTokens } from '@/lib/runtime/token-counts';
import { objectSchemaOf, renderTool, TOOL_FORMATS, type ToolFormat } from '@/lib/runtime/tool-formats';
import { OPENAI_MAX_TOOLS } from '@/lib/runtime/tool-warnings';
import { strictSchemaProblems } from '@/lib/runtime/strict-schema-problems';
import { propertiesOf } from './layer-tool';
import { nameRuleErrors } from './name-rules';

/** What one lint finding is about. */
export type LintCode =
  | 'duplicate_description'
  | 'near_duplicate_description'
  | 'bossy_description'
  | 'missing_parameter_description'
  | 'schema_refused'
  | 'over_token_budget'
  | 'not_called';

/** One finding of the lint: what, about which tool (the name the model sees), in words. */
export interface LintFinding {
  code: LintCode;
  severity: 'warning' | 'info';
  /** The shown name; absent for the whole set. */
  toolName?: string;
  /** The format concerned, for schema and token findings. */
  format?: ToolFormat;
  message: string;
}

/** The tool set's token cost in one format against the budget. */
export interface FormatCost {
  format: ToolFormat;
  tokens: number;
  isOverBudget: boolean;
}

/** The lint of one agent's tools as its model is told of them. */
export interface ToolLint {
  findings: LintFinding[];
  costs: FormatCost[];
  budget: number;
}

// Words that order the model around rather than describe the tool.
const BOSSY = [/\bMUST\b/, /\bNEVER\b/, /\bALWAYS\b/, /\bIMPORTANT\b/, /\balways use\b/i, /\bnever use\b/i, /\byou must\b/i];
/** Two descriptions this alike in their words (Jaccard over word sets) read as the same to a model. */
export const NEAR_DUPLICATE = 0.8;
/** Beyond this many tools the pairwise comparison is skipped (it grows with the square). */
const MAX_COMPARED = 500;

/**
 * Lints the tools as the model receives them (after the policy layers): duplicate and near-duplicate
 * descriptions, descriptions that order the model around, parameters without a description, names
 * and schemas a format would refuse (OpenAI strict mode included), and the token cost per format
 * against `budget` (a warning above it).
 */
export function lintTools(tools: readonly EffectiveTool[], budget: number): ToolLint {
  const findings: LintFinding[] = [...descriptionFindings(tools)];
  for (const tool of tools) {
    const bossy = BOSSY.map((pattern) => pattern.exec(tool.description)?.[0]).filter((word): word is string => word !== undefined);
    if (bossy.length > 0) {
      findings.push({ code: 'bossy_description', severity: 'warning', toolName: tool.name, message: `The description of "${tool.name}" orders the model around (${[...new Set(bossy)].map((word) => `"${word}"`).join(', ')}): describe what the tool does and when it fits instead` });
    }
    for (const [name, schema] of Object.entries(propertiesOf(tool.parametersSchema))) {
      if (typeof schema.description !== 'string' || schema.description.trim() === '') {
        findings.push({ code: 'missing_parameter_description', severity: 'warning', toolName: tool.name, message: `Parameter "${name}" of "${tool.name}" has no description: the model must guess what to pass` });
      }
    }
    findings.push(...schemaFindings(tool));
  }
  if (tools.length > OPENAI_MAX_TOOLS) {
    findings.push({ code: 'schema_refused', severity: 'warning', format: 'openai', message: `${tools.length} tools: OpenAI accepts at most ${OPENAI_MAX_TOOLS} in one request` });
  }
  const costs = TOOL_FORMATS.map((format): FormatCost => {
    const { total } = countToolTokens(tools.map((tool) => ({ name: tool.name, json: JSON.stringify(renderTool(tool, format)) })), format);
    return { format, tokens: total, isOverBudget: total > budget };
  });
  for (const cost of costs.filter((candidate) => candidate.isOverBudget)) {
    findings.push({ code: 'over_token_budget', severity: 'warning', format: cost.format, message: `The tool definitions cost ${cost.tokens} tokens in ${cost.format} format, above the budget of ${budget}` });
  }
  return { findings, costs, budget };
}

/** A tool is reported as not called once the agent has had it this long without a call. */
export const NOT_CALLED_DAYS = 30;

/**
 * The tools the model receives that were not called in the last {@link NOT_CALLED_DAYS} days,
 * among those the agent has had at least that long (`since`: when each registry name joined the
 * agent's set, by its assignment or group rule); a tool given yesterday is not "unused" yet.
 */
export function notCalledFindings(
  tools: readonly EffectiveTool[],
  { called, since, now }: { called: ReadonlySet<string>; since: (tool: EffectiveTool) => string; now: Date },
): LintFinding[] {
  const cutoff = new Date(now.getTime() - NOT_CALLED_DAYS * 86_400_000).toISOString();
  return tools
    .filter((tool) => !called.has(tool.toolName) && since(tool) <= cutoff)
    .map((tool) => ({
      code: 'not_called',
      severity: 'info',
      toolName: tool.name,
      message: `"${tool.name}" was not called in the last ${NOT_CALLED_DAYS} days: removing it saves its definition's tokens on every turn`,
    }));
}

function schemaFindings(tool: EffectiveTool): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const error of nameRuleErrors(tool.name, '/name')) {
    findings.push({ code: 'schema_refused', severity: 'warning', toolName: tool.name, message: error.message });
  }
  const schema = objectSchemaOf(tool.parametersSchema);
  if (schema.type !== 'object') {
    findings.push({ code: 'schema_refused', severity: 'warning', toolName: tool.name, message: `The parameters of "${tool.name}" are not an object schema: OpenAI, Anthropic and MCP all want one` });
    return findings;
  }
  const strict = strictSchemaProblems(schema);
  if (strict.length > 0) {
    findings.push({ code: 'schema_refused', severity: 'info', toolName: tool.name, format: 'openai', message: `OpenAI's strict mode would refuse the parameters of "${tool.name}": ${strict.join('; ')}` });
  }
  return findings;
}

function descriptionFindings(tools: readonly EffectiveTool[]): LintFinding[] {
  const findings: LintFinding[] = [];
  const compared = tools.slice(0, MAX_COMPARED).map((tool) => ({ tool, normal: normalize(tool.description), words: wordsOf(tool.description) }));
  for (let a = 0; a < compared.length; a += 1) {
    for (let b = a + 1; b < compared.length; b += 1) {
      const first = compared[a]!;
      const second = compared[b]!;
      if (first.normal === '' || second.normal === '') continue;
      if (first.normal === second.normal) {
        findings.push({ code: 'duplicate_description', severity: 'warning', toolName: second.tool.name, message: `"${first.tool.name}" and "${second.tool.name}" have the same description: the model cannot tell when to use which` });
        continue;
      }
      const similarity = jaccard(first.words, second.words);
      if (first.words.size >= 3 && second.words.size >= 3 && similarity >= NEAR_DUPLICATE) {
        findings.push({ code: 'near_duplicate_description', severity: 'warning', toolName: second.tool.name, message: `"${first.tool.name}" and "${second.tool.name}" have nearly the same description (${Math.round(similarity * 100)}% of words shared)` });
      }
    }
  }
  return findings;
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}
