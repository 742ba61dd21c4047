import { countText } from '@/lib/client/count-text';

/** `1 agent`, `3 agents`: a count and its noun, in English. */
export function plural(count: number, noun: string): string {
  return `${countText(count)} ${noun}${count === 1 ? '' : 's'}`;
}
