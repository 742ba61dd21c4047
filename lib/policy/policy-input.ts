import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { isStorableText } from '@/lib/db/storable-text';
import { MAX_DESCRIPTION_BYTES, type CatalogueEntry } from '@/registry';
import { escapePointerToken } from '@/lib/json-pointer';
import { propertiesOf } from './layer-tool';
import { nameRuleErrors } from './name-rules';
import type { CallPolicy } from './tool-policy';

/** What an admin sets for one tool in one layer; null (or an absent parameter) keeps the layer below. */
export interface PolicyInput {
  displayName: string | null;
  description: string | null;
  parameterDescriptions: Record<string, string>;
  callPolicy: CallPolicy | null;
}

/** The longest parameter description, in bytes of UTF-8. */
export const MAX_PARAMETER_DESCRIPTION = 2_048;

/**
 * What is wrong with `input` for the tool `entry` (undefined when the tool is missing: its
 * parameters cannot be checked then), pointers into the body: a display name some format refuses
 * (one error per format); an empty or over-long text; a parameter the tool's schema does not have.
 */
export function policyInputErrors(input: PolicyInput, entry: CatalogueEntry | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (input.displayName !== null) errors.push(...nameRuleErrors(input.displayName, '/displayName'));
  if (input.description !== null) errors.push(...textErrors(input.description, '/description', MAX_DESCRIPTION_BYTES));
  const known = entry ? propertiesOf(entry.parametersSchema) : undefined;
  for (const [name, description] of Object.entries(input.parameterDescriptions)) {
    const pointer = `/parameterDescriptions/${escapePointerToken(name)}`;
    if (known && !Object.hasOwn(known, name)) {
      const names = Object.keys(known);
      errors.push({ pointer, message: `The tool has no parameter "${name}"${names.length > 0 ? `; it has ${names.map((n) => `"${n}"`).join(', ')}` : '; it takes no parameters'}` });
      continue;
    }
    errors.push(...textErrors(description, pointer, MAX_PARAMETER_DESCRIPTION));
  }
  return errors;
}

function textErrors(text: string, pointer: string, max: number): FieldError[] {
  if (text.trim() === '') return [{ pointer, message: 'Must not be empty: send null to keep the text of the layer below' }];
  if (!isStorableText(text)) return [{ pointer, message: 'Must not contain the NUL character' }];
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > max) return [{ pointer, message: `Must be at most ${max} bytes; this is ${bytes}` }];
  return [];
}
