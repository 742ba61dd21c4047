import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '@/lib/app-error';
import { unescapePointerToken } from '@/lib/json-pointer';

/** RJSF's shape of errors: nested like the data, messages in `__errors`. */
export type ErrorTree = ErrorSchema;

const OVERRIDES_POINTER = '/overrides';

/**
 * The server's field errors (pointers into the request body, `/overrides/office/city`) as the
 * error tree RJSF marks fields with. An error about the overrides as a whole lands on the form.
 */
export function toErrorTree(errors: readonly FieldError[]): ErrorTree {
  const tree: ErrorTree = {};
  for (const { pointer, message } of errors) {
    const path = pointer === OVERRIDES_POINTER || !pointer.startsWith(`${OVERRIDES_POINTER}/`) ? [] : pointer.slice(OVERRIDES_POINTER.length + 1).split('/').map(unescapePointerToken);
    let node = tree;
    for (const key of path) {
      const next: ErrorTree = node[key] ?? {};
      node[key] = next;
      node = next;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return tree;
}
