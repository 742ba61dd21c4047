import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { BODY_CODING_HEADER } from '@/lib/http/door-constants.mjs';
import { acceptsGzip } from '@/lib/http/gzip-coding';
import { readQuery } from '@/lib/http/query';
import type { ToolRegistry } from '@/registry';
import { matchesIfNoneMatch } from './etag';
import { catalogueBodies, readCatalogue } from './read-catalogue';

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an ETag of
 * the body, so an unchanged catalogue is answered `304 Not Modified` without a body. The body
 * is serialized, encoded and (for clients that accept gzip) compressed once per catalogue
 * version; the gzip coding carries an ETag of its own (a strong ETag names one coding of the
 * bytes) and goes out as it is (`no-transform`: Next does not compress it again).
 */
export async function catalogueResponse(request: Request, { actor, registry }: { actor: Actor; registry: ToolRegistry }): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  const body = catalogueBodies().bodyOf(await readCatalogue(actor, registry), view);
  const { bytes, etag, gzipEtag } = body;
  // Private: only signed-in callers may read it. Browsers keep it and revalidate on every
  // fetch, getting the 304 when nothing changed.
  const isGzip = acceptsGzip(request.headers.get('accept-encoding'));
  const headers = { etag: isGzip ? gzipEtag : etag, 'cache-control': isGzip ? 'private, no-cache, no-transform' : 'private, no-cache', vary: 'accept-encoding' };
  const wanted = request.headers.get('if-none-match');
  // A client revalidates with the tag of the coding it got: either names the same catalogue.
  if (matchesIfNoneMatch(wanted, etag) || matchesIfNoneMatch(wanted, gzipEtag)) {
    return new Response(null, { status: 304, headers });
  }
  if (!isGzip) return new Response(bytes, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
  return new Response(await body.gzipped(), { status: 200, headers: { ...headers, 'content-type': 'application/json', [BODY_CODING_HEADER]: 'gzip' } });
}
