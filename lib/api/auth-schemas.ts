import { z } from 'zod';
import { PERMISSIONS, ROLES, TOKEN_SCOPES } from '@/lib/auth/permissions';
import { MAX_PASSWORD_LENGTH } from '@/lib/auth/password-limits';
import { MAX_AGENT_ID_LENGTH } from '@/lib/agents/agent-rules';
import { MAX_TOKEN_AGENTS, MAX_TOKEN_NAME_LENGTH } from '@/lib/auth/token-limits';

const emailSchema = z.string().trim().min(1, 'Enter an email address').max(254);
const passwordSchema = z.string().min(1, 'Enter a password').max(MAX_PASSWORD_LENGTH);

/** The body of `POST /api/auth/sign-in`. */
export const SignInBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema });

/** The body of `POST /api/auth/setup`: the first admin, with the setup link's token. */
export const SetupBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: emailSchema,
  name: z.string().trim().max(100).optional(),
  password: passwordSchema,
});

/** A user as the API answers it; `version` is its ETag. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  breakGlass: z.boolean().meta({ description: 'A break-glass admin (made on the command line): signs in with a password even when LOCAL_SIGN_IN=off' }),
  createdAt: z.string().meta({ format: 'date-time' }),
  version: z.number().int(),
});

/** `DELETE /api/v1/users/{id}/sessions`. */
export const EndedSessionsSchema = z.object({ ended: z.number().int().meta({ description: 'How many sessions ended' }) });

/** The body of `POST /api/v1/me/password`: the signed-in user's own password change. */
export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(MAX_PASSWORD_LENGTH),
  newPassword: z.string().min(1, 'Enter a new password').max(MAX_PASSWORD_LENGTH),
});

/** `POST /api/v1/me/password`. */
export const ChangedPasswordSchema = z.object({ otherSessionsEnded: z.number().int().meta({ description: 'How many of the caller\'s other sessions ended' }) });

/** `GET /api/v1/users`. */
export const UserListSchema = z.object({ users: z.array(UserSchema) });

/** The body of `POST /api/v1/users`. */
export const CreateUserBodySchema = z.strictObject({
  email: emailSchema,
  name: z.string().trim().max(100).optional(),
  role: z.enum(ROLES),
  password: passwordSchema.meta({ description: 'At least 12 characters, not on a list of common passwords' }),
});

/** The body of `PATCH /api/v1/users/{id}`: a new role, or disabling (enabling) the user. */
export const UpdateUserBodySchema = z
  .strictObject({ role: z.enum(ROLES).optional(), disabled: z.boolean().optional() })
  .refine((changes) => changes.role !== undefined || changes.disabled !== undefined, 'Name at least one field to change.')
  .meta({ minProperties: 1 });

/** A token's agents: `"all"`, or 1 to MAX_TOKEN_AGENTS agent ids. */
const TokenAgentsSchema = z.union([z.literal('all'), z.array(z.string().min(1).max(MAX_AGENT_ID_LENGTH)).min(1, 'Choose at least one agent, or "all"').max(MAX_TOKEN_AGENTS)]);

/** An API token as the API answers it: never its secret. */
export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the secret, to recognise it' }),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  expiresAt: z.string().meta({ format: 'date-time' }).nullable(),
  createdBy: z.string(),
  createdAt: z.string().meta({ format: 'date-time' }),
  lastUsedAt: z.string().meta({ format: 'date-time' }).nullable(),
  revokedAt: z.string().meta({ format: 'date-time' }).nullable(),
  agents: TokenAgentsSchema.meta({ description: 'The agents the token reaches: `"all"` (an explicit choice) or their ids; any other agent answers 404 to it' }),
  agentUses: z
    .array(z.object({ agentId: z.string(), lastUsedAt: z.string().meta({ format: 'date-time' }) }))
    .meta({ description: 'Its last successful call per agent, most recent first (at a minute\'s resolution)' }),
});

/** `GET /api/v1/tokens`. */
export const TokenListSchema = z.object({ tokens: z.array(TokenSchema) });

/** What `POST /api/v1/tokens` answers: the token and, this once, its secret. */
export const CreatedTokenSchema = z.object({
  token: TokenSchema,
  secret: z.string().meta({ description: 'Send as `Authorization: Bearer <secret>`; shown only in this answer' }),
});

/** The body of `POST /api/v1/tokens`. */
export const CreateTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name').max(MAX_TOKEN_NAME_LENGTH),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, 'Choose at least one scope'),
  expiresAt: z.string().meta({ format: 'date-time' }).nullable().optional(),
  agents: TokenAgentsSchema.optional().meta({ description: 'The agents it reaches: `"all"` or existing agents\' ids (unknown ones: 400 pointing at them). Left out: all agents, as tokens made before agent sets' }),
});

/** The body of `PATCH /api/v1/tokens/{id}`: a narrower agent set (never a wider one). */
export const UpdateTokenBodySchema = z.strictObject({
  agents: TokenAgentsSchema.meta({ description: '`"all"` or existing agents\' ids, within the token\'s current set' }),
});

/** One of the signed-in user's sessions. */
export const SessionSchema = z.object({
  id: z.string(),
  createdAt: z.string().meta({ format: 'date-time' }),
  lastActiveAt: z.string().meta({ format: 'date-time' }),
  expiresAt: z.string().meta({ format: 'date-time' }),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable().meta({ description: 'The address the session signed in from' }),
  isCurrent: z.boolean(),
});

/** `GET /api/v1/sessions`. */
export const SessionListSchema = z.object({ sessions: z.array(SessionSchema) });

/** `GET /api/v1/me`: who is asking and what they may do. */
export const MeSchema = z.object({
  kind: z.enum(['user', 'token', 'system']),
  id: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  role: z.enum(ROLES).optional(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
