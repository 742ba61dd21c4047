/**
 * Templates in a workflow's step arguments and output: `{{input.<name>}}` and
 * `{{steps.<id>.result}}`. A string that is exactly one template takes the value itself (an
 * input keeps its type); a template inside other text is replaced by the value as text.
 */

/** One reference a template makes. */
export type TemplateRef = { kind: 'input'; name: string } | { kind: 'step'; id: string };

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;

/** What a template's inner text names; undefined for anything else. */
export function parseRef(inner: string): TemplateRef | undefined {
  const input = /^input\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(inner);
  if (input) return { kind: 'input', name: input[1]! };
  const step = /^steps\.([A-Za-z][A-Za-z0-9_-]*)\.result$/.exec(inner);
  if (step) return { kind: 'step', id: step[1]! };
  return undefined;
}

/** Every template in a string, with its inner text and what it names (undefined when malformed). */
export function templatesIn(text: string): { text: string; ref: TemplateRef | undefined }[] {
  return [...text.matchAll(TEMPLATE)].map((match) => ({ text: match[0], ref: parseRef(match[1] ?? '') }));
}

/** Whether the string holds at least one template. */
export function hasTemplate(text: string): boolean {
  return templatesIn(text).length > 0;
}

/** Every string inside a JSON value, with its JSON Pointer (relative to the value). */
export function stringsIn(value: unknown, pointer = ''): { pointer: string; text: string }[] {
  if (typeof value === 'string') return [{ pointer, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${pointer}/${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return [];
}

/** What the templates read when a workflow runs. */
export interface TemplateScope {
  input: Readonly<Record<string, unknown>>;
  steps: ReadonlyMap<string, string>;
}

function valueOf(ref: TemplateRef | undefined, raw: string, scope: TemplateScope): unknown {
  if (!ref) throw new Error(`${raw} is not a template this app knows: use {{input.<name>}} or {{steps.<id>.result}}`);
  if (ref.kind === 'input') return scope.input[ref.name];
  if (!scope.steps.has(ref.id)) throw new Error(`${raw} names step "${ref.id}", which has not run before this point`);
  return scope.steps.get(ref.id);
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A JSON value with every template replaced. An input not given leaves its key out when the whole value is that template. */
export function fillTemplates(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return valueOf(parseRef(whole[1] ?? ''), value, scope);
    return value.replace(TEMPLATE, (raw, inner: string) => asText(valueOf(parseRef(inner), raw, scope)));
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplates(item, scope));
  if (value !== null && typeof value === 'object') {
    const filled: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const next = fillTemplates(item, scope);
      if (next !== undefined) filled[key] = next;
    }
    return filled;
  }
  return value;
}

/** The output of a run: its template filled in as text. */
export function fillOutput(template: string, scope: TemplateScope): string {
  return asText(fillTemplates(template, scope));
}
