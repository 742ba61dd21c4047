import { ConfigExportQuerySchema } from '@/lib/api/config-schemas';
import { publicUrl } from '@/lib/auth/public-url';
import { exportConfig } from '@/lib/config';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';

export const dynamic = 'force-dynamic';

/** Everything an admin configures, as YAML (default) or JSON with `?format=json`, in a stable order; `?at=<time>` as it was then. */
export const GET = apiRoute({ permission: 'agents:read' }, async (request, _params, { actor, db }) => {
  const { format = 'yaml', at } = readQuery(request, ConfigExportQuerySchema);
  const text = await exportConfig({ db, actor, format, baseUrl: publicUrl().origin, at });
  const contentType = format === 'json' ? 'application/json' : 'application/yaml; charset=utf-8';
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
