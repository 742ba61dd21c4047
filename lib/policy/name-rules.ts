import type { FieldError } from '@/lib/app-error';

/** The tool names each format accepts, as its reference states them. */
export const NAME_RULES = [
  { format: 'OpenAI', pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: '1–64 letters, digits, "_" or "-"' },
  { format: 'Anthropic', pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: '1–64 letters, digits, "_" or "-"' },
  { format: 'MCP', pattern: /^[a-zA-Z0-9_.-]{1,128}$/, rule: '1–128 letters, digits, "_", "-" or "."' },
] as const;

/** One error at `pointer` per format that would refuse `name`, naming the format and its rule. */
export function nameRuleErrors(name: string, pointer: string): FieldError[] {
  return NAME_RULES.filter(({ pattern }) => !pattern.test(name)).map(({ format, rule }) => ({
    pointer,
    message: `${format} refuses "${name}" as a tool name: it takes ${rule}`,
  }));
}
