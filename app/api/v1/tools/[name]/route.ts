import { AppError } from '@/lib/app-error';
import { findCatalogueEntry } from '@/lib/catalogue/read-catalogue';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** One tool of the catalogue with its schemas: what the overrides form is generated from. */
export const GET = apiRoute<{ name: string }>({ permission: 'catalogue:read' }, async (_request, { name }, { actor, registry }) => {
  const entry = await findCatalogueEntry(actor, [name], registry);
  if (!entry) throw new AppError('not_found', `No tool named "${name.length > 100 ? `${name.slice(0, 100)}…` : name}" is in the catalogue`);
  return jsonResponse(entry);
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
