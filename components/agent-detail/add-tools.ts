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
  const outcomes = new Map<string, 'added' | 'needSettings' | string>();
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      outcomes.set(name, await addOne(queryClient, agentId, name));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, names.length) }, worker));
  const result: AddedTools = { added: [], needSettings: [], failed: [] };
  for (const name of names) {
    const outcome = outcomes.get(name);
    if (outcome === 'added' || outcome === 'needSettings') result[outcome].push(name);
    else if (outcome !== undefined && outcome !== 'skipped') result.failed.push(`${name} (${outcome})`);
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
    if (isProblem(error, 428)) return 'skipped';
    return error instanceof Error ? error.message : 'failed';
  }
}

/** What the page says after adding: tools named while few, counted when many. */
export function addedMessage({ added, needSettings, failed }: AddedTools): string {
  const list = (names: readonly string[]) => (names.length <= 5 ? names.join(', ') : `${names.length} tools`);
  return [
    added.length > 0 ? `Assigned ${list(added)}.` : '',
    needSettings.length > 0 ? `Fill in the settings of ${list(needSettings)} to assign ${needSettings.length === 1 ? 'it' : 'them'}.` : '',
    failed.length > 0 ? `Could not add ${failed.join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
