import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { readQuery } from '@/lib/http/query';
import { CatalogueBodies } from './catalogue-bodies';
import { matchesIfNoneMatch } from './etag';
import { readCatalogue } from './read-catalogue';

const host = globalThis as typeof globalThis & { catalogueBodies?: CatalogueBodies };

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an
 * ETag of the body, so an unchanged catalogue is answered `304 Not Modified` without a body.
 * The registry is read afresh on every request; only the serialization is reused.
 */
export async function catalogueResponse(request: Request, actor: Actor): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  host.catalogueBodies ??= new CatalogueBodies();
  const { body, etag } = host.catalogueBodies.bodyOf(await readCatalogue(actor), view);
  // Browsers revalidate on every fetch and get the 304 when nothing changed.
  const headers = { etag, 'cache-control': 'no-cache' };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
