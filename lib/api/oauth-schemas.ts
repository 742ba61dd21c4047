import { z } from 'zod';
import { MAX_GRANT_AGENTS } from '@/lib/auth/oauth/grant-limits';

/** The body of `POST /api/v1/oauth/authorize`: the consent page's answer to an authorization request. */
export const AuthorizeDecisionBodySchema = z.strictObject({
  params: z
    .record(z.string().max(100), z.string().max(2000))
    .refine((value) => Object.keys(value).length <= 20, 'At most 20 parameters')
    .meta({ description: 'The authorization request\'s query parameters, as the consent page received them' }),
  approve: z.boolean(),
  agentIds: z.array(z.string().min(1).max(200)).max(MAX_GRANT_AGENTS).meta({ description: 'The agents the client may reach; must include the one its `resource` names' }),
});

/** Where the consent page sends the browser: the client's redirect URI with `code` (or `error`) and `state`. */
export const AuthorizeRedirectSchema = z.object({ redirectTo: z.string() });

/** The body of `POST /api/v1/oauth/register` (RFC 7591), as documented; the SDK's own schema validates it. */
export const RegisterClientBodySchema = z.looseObject({
  redirect_uris: z.array(z.string()).min(1).max(10),
  client_name: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

/** The registration answer (RFC 7591 §3.2.1): a public client. */
export const RegisteredClientSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
});

/** The token request (RFC 6749 §4.1.3, §6; RFC 7636; RFC 8707), form-encoded. */
export const TokenRequestBodySchema = z.object({
  grant_type: z.enum(['authorization_code', 'refresh_token']),
  client_id: z.string(),
  code: z.string().optional(),
  code_verifier: z.string().optional(),
  redirect_uri: z.string().optional(),
  refresh_token: z.string().optional(),
  resource: z.string().optional().meta({ description: 'The agent MCP endpoint the access token is for (its audience)' }),
});

/** The token answer (RFC 6749 §5.1). */
export const TokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});

/** One connection (grant) as `/settings/connections` shows it. */
export const OAuthGrantSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  redirectUris: z.array(z.string()),
  userEmail: z.string().nullable(),
  agents: z.array(z.string()),
  createdAt: z.string().meta({ format: 'date-time' }),
  lastUsedAt: z.string().meta({ format: 'date-time' }).nullable(),
});

/** `GET /api/v1/oauth/grants`. */
export const OAuthGrantListSchema = z.object({ grants: z.array(OAuthGrantSchema) });
