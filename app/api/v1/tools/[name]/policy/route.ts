import { PutPolicyBodySchema } from '@/lib/api/policy-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { putDefaultPolicy, readDefaultPolicy } from '@/lib/policy/put-default-policy';

export const dynamic = 'force-dynamic';

/** The tool's group default, which every agent given it inherits. */
export const GET = apiRoute<{ name: string }>({ permission: 'catalogue:read' }, async (_request, { name }, { actor, db, registry }) => {
  const policy = await readDefaultPolicy({ db, registry, actor, toolName: name });
  return jsonResponse(policy, { version: policy.version });
});

/** Sets the group default (admins; If-Match once it exists). */
export const PUT = apiRoute<{ name: string }>({ permission: 'policy:defaults' }, async (request, { name }, { actor, db, registry }) => {
  const input = await readJsonBody(request, PutPolicyBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => readDefaultPolicy({ db, registry, actor, toolName: name }));
  const policy = await putDefaultPolicy({ db, registry, actor, toolName: name, input, expectedVersion });
  return jsonResponse(policy, { version: policy.version });
});

export const { POST, PATCH, DELETE } = otherMethods(['GET', 'PUT']);
