import 'server-only';
import { etagOf, matchesIfNoneMatch } from './etag';
import { readCatalogue, readCatalogueSummary } from './read-catalogue';

/**
 * `GET /api/v1/tools`: the catalogue as JSON (`?view=summary` without schemas), with an
 * ETag of the body, so an unchanged catalogue is answered `304 Not Modified` without a body.
 */
export async function catalogueResponse(request: Request): Promise<Response> {
  const view = new URL(request.url).searchParams.get('view');
  const body = JSON.stringify(view === 'summary' ? await readCatalogueSummary() : await readCatalogue());
  const etag = etagOf(body);
  // Browsers revalidate on every fetch and get the 304 when nothing changed.
  const headers = { etag, 'cache-control': 'no-cache' };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
