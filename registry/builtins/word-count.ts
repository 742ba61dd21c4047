import type { JsonSchema, Tool, ToolFactory } from '../spi';

/** Counts the words in a piece of text: the spec's example tool. */
export class WordCountTool implements Tool {
  static readonly NAME = 'word_count';

  name(): string {
    return WordCountTool.NAME;
  }

  description(): string {
    return 'Count the number of words in a piece of text.';
  }

  parametersSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The text whose words should be counted.' },
      },
      required: ['text'],
      // Strict-mode compatible (OpenAI structured outputs): no other arguments.
      additionalProperties: false,
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const text = args.text ?? '';
    if (typeof text !== 'string') {
      throw new Error(`word_count needs "text" to be a string (got ${typeof text})`);
    }
    const words = text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
    return `Word count: ${words}`;
  }
}

/** Builds `word_count`; it needs nothing from the environment. */
export class WordCountToolFactory implements ToolFactory {
  name(): string {
    return WordCountTool.NAME;
  }

  create(): Tool {
    return new WordCountTool();
  }
}
