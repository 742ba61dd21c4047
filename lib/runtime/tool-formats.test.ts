import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { EffectiveTool } from './effective-tool';
import { toAnthropicTool, toMcpTool, toOpenAiTool } from './tool-formats';

const wordCount: EffectiveTool = {
  name: 'word_count',
  toolName: 'word_count',
  description: 'Count the words.',
  parametersSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  group: 'general',
  streamsResultToUser: false,
};
const noArguments: EffectiveTool = { ...wordCount, name: 'todo_read', toolName: 'todo_read', parametersSchema: {} };

describe('tool formats', () => {
  it('renders OpenAI function tools that the openai package types accept', () => {
    // A typed assignment: this file does not compile if the shape drifts from the SDK's.
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [wordCount, noArguments].map(toOpenAiTool);
    expect(tools[0]).toEqual({ type: 'function', function: { name: 'word_count', description: 'Count the words.', parameters: wordCount.parametersSchema } });
  });

  it('renders Anthropic tools that the @anthropic-ai/sdk types accept', () => {
    const tools: Anthropic.Messages.ToolUnion[] = [wordCount, noArguments].map(toAnthropicTool);
    expect(tools[1]).toEqual({ name: 'todo_read', description: 'Count the words.', input_schema: { type: 'object', properties: {} } });
  });

  it('gives a schema without a type the object type MCP requires', () => {
    const tool = toMcpTool({ ...wordCount, parametersSchema: { properties: { a: { type: 'string' } } } });
    expect(tool.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});
