import type { IncomingHttpHeaders } from 'node:http';

/** A request's headers as Node gives them (the front door hands these to the app's fast answers). */
export type NodeHeaders = Readonly<IncomingHttpHeaders>;

/** One header's value as a web `Headers` would give it: repeated values joined, null when absent. */
export function nodeHeader(headers: NodeHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Node's headers as a web `Headers`, for code that needs one (Better Auth). */
export function webHeadersOf(headers: NodeHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) web.append(name, item);
    else if (value !== undefined) web.set(name, value);
  }
  return web;
}
