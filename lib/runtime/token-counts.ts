import 'server-only';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ToolFormat } from './tool-formats';

/** Tokens per tool and in total, and how sure the count is. */
export interface TokenCounts {
  /** `o200k` for OpenAI (its tokenizer); `estimate` for the others, counted the same way. */
  method: 'o200k' | 'estimate';
  total: number;
  perTool: { name: string; tokens: number }[];
}

/** Counts each rendered tool's JSON with the o200k tokenizer. */
export function countToolTokens(rendered: readonly { name: string; json: string }[], format: ToolFormat): TokenCounts {
  const perTool = rendered.map(({ name, json }) => ({ name, tokens: countTokens(json) }));
  return { method: format === 'openai' ? 'o200k' : 'estimate', total: perTool.reduce((sum, { tokens }) => sum + tokens, 0), perTool };
}
