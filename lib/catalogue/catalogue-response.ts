import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { acceptsGzip } from '@/lib/http/gzip-coding';
import { readQuery } from '@/lib/http/query';
import type { ToolRegistry } from '@/registry';
import { matchesIfNoneMatch } from './etag';
import { catalogueBodies, readCatalogue } from './read-catalogue';

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an ETag of
 * the body, so an unchanged catalogue is answered `304 Not Modified` without a body. The body
 * is serialized and encoded once per catalogue version; Next gzips it for clients that accept gzip, and that
 * coding carries an ETag of its own (a strong ETag names one coding of the bytes).
 */
export async function catalogueResponse(request: Request, { actor, registry }: { actor: Actor; registry: ToolRegistry }): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  const { bytes, etag, gzipEtag } = catalogueBodies().bodyOf(await readCatalogue(actor, registry), view);
  // Private: only signed-in callers may read it. Browsers keep it and revalidate on every
  // fetch, getting the 304 when nothing changed.
  const headers = { etag: acceptsGzip(request.headers.get('accept-encoding')) ? gzipEtag : etag, 'cache-control': 'private, no-cache' };
  const wanted = request.headers.get('if-none-match');
  // A client revalidates with the tag of the coding it got: either names the same catalogue.
  if (matchesIfNoneMatch(wanted, etag) || matchesIfNoneMatch(wanted, gzipEtag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(bytes, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
