import { describe, expect, it } from 'vitest';
import { createToolEnvironment } from '../environment';
import { ToolRegistry } from '../tool-registry';
import { builtinRegistrations } from './index';
import { WordCountTool, WordCountToolFactory } from './word-count';

const scope = { sessionId: 's1', agentId: 'a1', purpose: 'call' } as const;

function wordCount(): WordCountTool {
  return new WordCountTool();
}

describe('word_count', () => {
  it('counts whitespace-separated words', async () => {
    await expect(wordCount().execute({ text: 'The quick  brown\tfox\njumps' })).resolves.toBe('Word count: 5');
  });

  it('counts zero words in empty, blank or missing text', async () => {
    await expect(wordCount().execute({ text: '' })).resolves.toBe('Word count: 0');
    await expect(wordCount().execute({ text: '  \n\t ' })).resolves.toBe('Word count: 0');
    await expect(wordCount().execute({})).resolves.toBe('Word count: 0');
  });

  it('ignores leading and trailing whitespace', async () => {
    await expect(wordCount().execute({ text: '  one two  ' })).resolves.toBe('Word count: 2');
  });

  it('refuses text that is not a string', async () => {
    await expect(wordCount().execute({ text: 42 })).rejects.toThrow('"text" to be a string (got number)');
  });

  it('describes itself as the spec does, closed to other arguments (OpenAI strict mode accepts it)', () => {
    const tool = new WordCountToolFactory().create();
    expect(tool.name()).toBe('word_count');
    expect(tool.description()).toBe('Count the number of words in a piece of text.');
    expect(tool.parametersSchema()).toEqual({
      type: 'object',
      properties: { text: { type: 'string', description: 'The text whose words should be counted.' } },
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('is listed in the general group and resolves through the registry', async () => {
    const registry = await ToolRegistry.load({
      registrations: builtinRegistrations(),
      environment: createToolEnvironment({ env: {} }),
    });
    const entry = registry.catalogue().find((e) => e.name === 'word_count');
    expect(entry).toMatchObject({ group: 'general', available: true, source: 'builtin', kind: 'factory' });
    const tool = registry.resolve({ agentId: 'a1', toolName: 'word_count', overrides: {} }, scope);
    await expect(tool.execute({ text: 'hello world' })).resolves.toBe('Word count: 2');
  });
});
