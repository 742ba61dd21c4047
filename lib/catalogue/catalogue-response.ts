import 'server-only';
import { CatalogueQuerySchema } from '@/lib/api/catalogue-schemas';
import type { Actor } from '@/lib/auth/actor';
import { acceptsGzip } from '@/lib/http/accepts-gzip';
import { readQuery } from '@/lib/http/query';
import { CatalogueBodies, gzipEtagOf } from './catalogue-bodies';
import { matchesIfNoneMatch } from './etag';
import { readCatalogue } from './read-catalogue';

const host = globalThis as typeof globalThis & { catalogueBodies?: CatalogueBodies };

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an
 * ETag of the body, so an unchanged catalogue is answered `304 Not Modified` without a body.
 * A client that accepts gzip gets the body gzipped, compressed once per catalogue rather than
 * on every request. The registry is read afresh on every request; only the serialization and
 * its compression are reused.
 */
export async function catalogueResponse(request: Request, actor: Actor): Promise<Response> {
  const view = readQuery(request, CatalogueQuerySchema).view ?? 'full';
  host.catalogueBodies ??= new CatalogueBodies();
  const bodies = host.catalogueBodies;
  const plain = bodies.bodyOf(await readCatalogue(actor), view);
  const isGzip = acceptsGzip(request.headers.get('accept-encoding'));
  const etag = isGzip ? gzipEtagOf(plain.etag) : plain.etag;
  // Private: only signed-in callers may read it. Browsers keep it and revalidate on every fetch,
  // getting the 304 when nothing changed.
  const headers = { etag, 'cache-control': 'private, no-cache', vary: 'accept-encoding' };
  const wanted = request.headers.get('if-none-match');
  // Either coding's tag names the same catalogue.
  if (matchesIfNoneMatch(wanted, plain.etag) || matchesIfNoneMatch(wanted, gzipEtagOf(plain.etag))) {
    return new Response(null, { status: 304, headers });
  }
  if (!isGzip) return new Response(plain.body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
  const { bytes } = await bodies.gzipOf(plain);
  return new Response(bytes, {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bytes.byteLength) },
  });
}
