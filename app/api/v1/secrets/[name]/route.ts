import { PutSecretBodySchema } from '@/lib/api/secret-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { deleteSecret, putSecret } from '@/lib/secrets';

export const dynamic = 'force-dynamic';

/** Creates the secret (201 with its Location) or replaces its value (200); the answer never holds the value. */
export const PUT = apiRoute<{ name: string }>({ permission: 'secrets:manage' }, async (request, { name }, { actor, db }) => {
  const { value } = await readJsonBody(request, PutSecretBodySchema);
  const { isCreated, secret } = await putSecret({ db, actor, name, value });
  return jsonResponse(secret, isCreated ? { status: 201, location: `/api/v1/secrets/${name}` } : {});
});

/** Deletes the secret; 409 naming the servers that still use it. */
export const DELETE = apiRoute<{ name: string }>({ permission: 'secrets:manage' }, async (_request, { name }, { actor, db }) => {
  return jsonResponse(await deleteSecret({ db, actor, name }));
});

/** GET, POST, PATCH: 405 with `Allow`. */
export const { GET, POST, PATCH } = otherMethods(['PUT', 'DELETE']);
