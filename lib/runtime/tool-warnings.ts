import 'server-only';
import type { EffectiveTool } from './effective-tool';
import { objectSchemaOf, type ToolFormat } from './tool-formats';
import { strictSchemaProblems } from './strict-schema-problems';

/** The most tools OpenAI's Chat Completions accepts in one request. */
export const OPENAI_MAX_TOOLS = 128;
/** The tool names OpenAI and Anthropic accept. */
export const PROVIDER_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Something about the tool set a provider may refuse or handle badly. */
export interface ToolWarning {
  code: 'duplicate_name' | 'too_many_tools' | 'name_not_accepted' | 'not_strict_compatible';
  /** The tool concerned; absent for the whole set. */
  toolName?: string;
  message: string;
}

/** The warnings for one tool set in one format (each provider's own limits on its own format only), in the order: count, then per tool. */
export function toolWarnings(tools: readonly EffectiveTool[], format: ToolFormat): ToolWarning[] {
  const warnings: ToolWarning[] = [];
  // OpenAI's limits (the tool count, strict mode) on the OpenAI format only; names on the formats whose providers check them.
  if (format === 'openai' && tools.length > OPENAI_MAX_TOOLS) {
    warnings.push({
      code: 'too_many_tools',
      message: `${tools.length} tools: OpenAI accepts at most ${OPENAI_MAX_TOOLS} in one request`,
    });
  }
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name) && !reported.has(tool.name)) {
      reported.add(tool.name);
      warnings.push({ code: 'duplicate_name', toolName: tool.name, message: `Two tools are named "${tool.name}": the model cannot tell them apart` });
    }
    seen.add(tool.name);
    if (format !== 'mcp' && !PROVIDER_NAME_PATTERN.test(tool.name)) {
      warnings.push({
        code: 'name_not_accepted',
        toolName: tool.name,
        message: `"${tool.name}" is not a name ${format === 'openai' ? 'OpenAI' : 'Anthropic'} accepts (1–64 letters, digits, "_" or "-")`,
      });
    }
    const problems = format === 'openai' ? strictSchemaProblems(objectSchemaOf(tool.parametersSchema)) : [];
    if (problems.length > 0) {
      warnings.push({
        code: 'not_strict_compatible',
        toolName: tool.name,
        message: `OpenAI's strict mode would refuse the parameters of "${tool.name}": ${problems.join('; ')}`,
      });
    }
  }
  return warnings;
}
