import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the app answers a catalogue GET with; undefined leaves the request to Next. */
export type CatalogueDoorAnswer = (request: {
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  acceptsGzip: boolean;
}) => Promise<{ status: number; headers: Readonly<Record<string, string>>; body?: Buffer } | undefined>;

/** The address answered by the door. */
export const CATALOGUE_PATH: string;
/** Called by the app once it has started. */
export function registerCatalogueDoor(answer: CatalogueDoorAnswer): void;
/** Whether this request may be answered by the door. */
export function isCatalogueRequest(method: string | undefined, pathname: string): boolean;
/** Answers a catalogue request, or hands it to `fallback` (Next). */
export function serveCatalogue(req: IncomingMessage, res: ServerResponse, fallback: () => unknown): Promise<unknown>;
