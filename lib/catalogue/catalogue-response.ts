import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { readQuery } from '@/lib/http/query';
import { CatalogueBodies } from './catalogue-bodies';
import { gzipEtagOf, matchesIfNoneMatch } from './etag';
import { readCatalogue } from './read-catalogue';

const host = globalThis as typeof globalThis & { catalogueBodies?: CatalogueBodies };

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an
 * ETag of the body, so an unchanged catalogue is answered `304 Not Modified` without a body.
 * The registry is read afresh on every request; only the serialization is reused. Gzip is the
 * front door's (scripts/front-door/precompressed.mjs): once per ETag, with its own ETag.
 */
export async function catalogueResponse(request: Request, actor: Actor): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  host.catalogueBodies ??= new CatalogueBodies();
  const { body, etag } = host.catalogueBodies.bodyOf(await readCatalogue(actor), view);
  // Private: only signed-in callers may read it. Browsers keep it and revalidate on every
  // fetch, getting the 304 when nothing changed.
  const headers = { etag, 'cache-control': 'private, no-cache' };
  const wanted = request.headers.get('if-none-match');
  // A browser that got the gzip coding revalidates with that coding's tag: the same catalogue.
  if (matchesIfNoneMatch(wanted, etag) || matchesIfNoneMatch(wanted, gzipEtagOf(etag))) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
