import type { RJSFSchema } from '@rjsf/utils';
import type { QueryClient } from '@tanstack/react-query';
import { isProblem } from '@/lib/client-api/api-problem';
import { putAssignment, toolEntryQueryOptions } from '@/lib/client-api/assignments-api';
import { initialOverrides } from '@/lib/overrides/initial-overrides';

/** What adding chosen tools did, each list in the order the tools were chosen. */
export interface AddedTools {
  added: string[];
  /** Tools whose required settings have no default: they wait as drafts for the admin to fill. */
  needSettings: string[];
  /** Tools someone else assigned in the meantime: left as they are. */
  alreadyAssigned: string[];
  /** "name (why)" for each tool that could not be added. */
  failed: string[];
}

// A whole group can be hundreds of tools: a few requests at a time, not hundreds at once.
const PARALLEL_REQUESTS = 4;

/**
 * Assigns each chosen tool whose defaults satisfy its schema straight away, and sets aside the
 * ones that need settings first. A tool someone else assigned meanwhile (428) is left as it is.
 */
export async function addTools(queryClient: QueryClient, agentId: string, names: readonly string[]): Promise<AddedTools> {
  const outcomes = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      outcomes.set(name, await addOne(queryClient, agentId, name));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, names.length) }, worker));
  const result: AddedTools = { added: [], needSettings: [], alreadyAssigned: [], failed: [] };
  for (const name of names) {
    const outcome = outcomes.get(name) ?? 'failed';
    if (outcome === 'added' || outcome === 'needSettings' || outcome === 'alreadyAssigned') result[outcome].push(name);
    else result.failed.push(`${name} (${outcome})`);
  }
  return result;
}

async function addOne(queryClient: QueryClient, agentId: string, name: string): Promise<string> {
  try {
    const entry = await queryClient.fetchQuery(toolEntryQueryOptions(name));
    const { overrides, isComplete } = initialOverrides(entry.overridesSchema as RJSFSchema);
    if (!isComplete) return 'needSettings';
    await putAssignment(agentId, name, overrides);
    return 'added';
  } catch (error) {
    if (isProblem(error, 428)) return 'alreadyAssigned';
    return error instanceof Error ? error.message : 'failed';
  }
}

const list = (names: readonly string[]) => (names.length <= 5 ? names.join(', ') : `${names.length} tools`);

/** What the page says after adding: tools named while few, counted when many. */
export function addedMessage({ added, needSettings, alreadyAssigned }: AddedTools): string {
  return [
    added.length > 0 ? `Assigned ${list(added)}.` : '',
    needSettings.length > 0 ? `Fill in the settings of ${list(needSettings)} to assign ${needSettings.length === 1 ? 'it' : 'them'}.` : '',
    alreadyAssigned.length > 0 ? `Someone else assigned ${list(alreadyAssigned)} meanwhile; ${alreadyAssigned.length === 1 ? 'it is' : 'they are'} listed with their settings.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What went wrong while adding, if anything: shown as an error, apart from what worked. */
export function failedMessage({ failed }: AddedTools): string {
  return failed.length > 0 ? `Could not add ${failed.join('; ')}.` : '';
}
