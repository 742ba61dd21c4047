import 'server-only';
import { BODY_PROBLEMS, readJson, type ApiOperation } from '../api-operation';
import { DeletedSecretSchema, PutSecretBodySchema, SecretListSchema, SecretSchema } from '../secret-schemas';

/** The secret store (admins only, no token scope): list, create or replace, delete. Values are write-only. */
export const secretOperations: ApiOperation[] = [
  readJson({
    path: '/api/v1/secrets', operationId: 'listSecrets', tag: 'secrets',
    summary: 'Every secret by name, with who set it, when, and which MCP servers use it; never a value (admins)',
    description: 'The secrets, by name', schema: SecretListSchema,
  }),
  {
    method: 'PUT', path: '/api/v1/secrets/{name}', operationId: 'putSecret', tag: 'secrets',
    summary: 'Creates the secret, or replaces its value; servers that use it reconnect with the new value (admins)',
    body: PutSecretBodySchema,
    success: {
      200: { description: 'The replaced secret (never its value)', schema: SecretSchema },
      201: { description: 'The new secret (never its value)', schema: SecretSchema, hasLocation: true },
    },
    problems: BODY_PROBLEMS,
    problemDescriptions: { 400: 'The name breaks the rule, or the value is empty, over 64 KiB or holds NUL (field errors in `errors`; never the value)' },
  },
  {
    method: 'DELETE', path: '/api/v1/secrets/{name}', operationId: 'deleteSecret', tag: 'secrets',
    summary: 'Deletes the secret, unless an MCP server references it (admins)',
    success: { 200: { description: 'The deleted secret\'s name', schema: DeletedSecretSchema } },
    problems: [404, 409],
    problemDescriptions: { 404: 'The secret does not exist', 409: 'MCP servers still reference the secret; `detail` names them' },
  },
];
