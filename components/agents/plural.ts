/** `1 agent`, `3 agents`: a count and its noun, in English. */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}
