import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the app answers with: status, headers and, for a 200, the body's bytes. */
export interface CatalogueAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body?: Buffer;
}

/** What the app answers a catalogue GET with, at once when it can; undefined leaves the request to Next. */
export type CatalogueDoorAnswer = (request: {
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  acceptsGzip: boolean;
}) => CatalogueAnswer | undefined | Promise<CatalogueAnswer | undefined>;

/** The address answered by the door. */
export const CATALOGUE_PATH: string;
/** Called by the app once it has started. */
export function registerCatalogueDoor(answer: CatalogueDoorAnswer): void;
/** Whether this request may be answered by the door. */
export function isCatalogueRequest(method: string | undefined, pathname: string): boolean;
/**
 * Answers a catalogue request with `head` (the front door's headers, name, value pairs) first,
 * or hands it to `fallback` (Next); failures past the app's answer go to `onError`.
 */
export function serveCatalogue(
  req: IncomingMessage,
  res: ServerResponse,
  head: readonly string[],
  fallback: () => unknown,
  onError: (error: unknown) => void,
): Promise<unknown> | undefined;
