import { publicUrl } from '@/lib/auth/public-url';
import { CONFIG_SCHEMA_PATH, configJsonSchema } from '@/lib/config';
import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The configuration file's JSON Schema; public, so editors' YAML plugins can fetch it without signing in. */
export const GET = publicApiRoute(async () =>
  Response.json(configJsonSchema(`${publicUrl().origin}${CONFIG_SCHEMA_PATH}`), { headers: { 'cache-control': 'public, max-age=300' } }),
);

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET'], { access: 'public' });
