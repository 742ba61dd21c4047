import { describe, expect, it } from 'vitest';
import type { EffectiveTool } from '@/lib/runtime/effective-tool';
import { lintTools } from './lint-tools';

const tool = (name: string, description: string, properties: Record<string, unknown> = { text: { type: 'string', description: 'The text.' } }): EffectiveTool => ({
  name,
  toolName: name,
  description,
  parametersSchema: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
  group: 'g',
  streamsResultToUser: false,
});

describe('lintTools', () => {
  it('finds duplicate and near-duplicate descriptions, bossy words and undescribed parameters', () => {
    const { findings } = lintTools(
      [
        tool('a', 'Searches the web for pages about a topic.'),
        tool('b', 'Searches the web for pages about a topic.'),
        tool('c', 'Searches the web for the pages about a topic'),
        tool('d', 'Deletes a file. You MUST always use this tool to delete files.', { path: { type: 'string' } }),
      ],
      100_000,
    );
    expect(findings.map(({ code, toolName }) => `${code}:${toolName}`)).toEqual([
      'duplicate_description:b',
      'near_duplicate_description:c',
      'near_duplicate_description:c',
      'bossy_description:d',
      'missing_parameter_description:d',
    ]);
    expect(findings.find((finding) => finding.code === 'bossy_description')?.message).toContain('"MUST"');
  });

  it('names what a format would refuse: a name, a non-object schema, OpenAI strict mode', () => {
    const loose: EffectiveTool = { ...tool('ok_name', 'Fine.'), parametersSchema: { type: 'object', properties: { n: { type: 'number', description: 'N.' } } } };
    const { findings } = lintTools([tool('has space', 'Fine too.'), { ...tool('arr', 'An array.'), parametersSchema: { type: 'array' } }, loose], 100_000);
    expect(findings.filter((finding) => finding.code === 'schema_refused').map(({ toolName, format }) => `${toolName}:${format ?? ''}`)).toEqual([
      'has space:',
      'has space:',
      'has space:',
      'arr:',
      'ok_name:openai',
    ]);
  });

  it('costs the set per format and warns above the budget only', () => {
    const tools = [tool('a', 'One tool with a short description.')];
    const roomy = lintTools(tools, 10_000);
    expect(roomy.costs.map(({ format }) => format)).toEqual(['openai', 'anthropic', 'mcp']);
    expect(roomy.costs.every(({ tokens, isOverBudget }) => tokens > 10 && !isOverBudget)).toBe(true);
    expect(roomy.findings).toEqual([]);
    const tight = lintTools(tools, 10);
    expect(tight.findings.map(({ code, format }) => `${code}:${format}`)).toEqual(['over_token_budget:openai', 'over_token_budget:anthropic', 'over_token_budget:mcp']);
  });
});
