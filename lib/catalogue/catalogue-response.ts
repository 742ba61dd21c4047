import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { readQuery } from '@/lib/http/query';
import { matchesIfNoneMatch } from './etag';
import { catalogueBodies, readCatalogue } from './read-catalogue';

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an
 * ETag of the body, so an unchanged catalogue is answered `304 Not Modified` without a body.
 * The body (and its gzip, which the front door sends: scripts/front-door/catalogue-door.mjs and
 * precompressed.mjs) is built once per catalogue version.
 */
export async function catalogueResponse(request: Request, actor: Actor): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  const { body, etag, gzipEtag } = catalogueBodies().bodyOf(await readCatalogue(actor), view);
  // Private: only signed-in callers may read it. Browsers keep it and revalidate on every
  // fetch, getting the 304 when nothing changed.
  const headers = { etag, 'cache-control': 'private, no-cache' };
  const wanted = request.headers.get('if-none-match');
  // A browser that got the gzip coding revalidates with that coding's tag: the same catalogue.
  if (matchesIfNoneMatch(wanted, etag) || matchesIfNoneMatch(wanted, gzipEtag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
