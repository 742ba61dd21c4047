import 'server-only';
import { BODY_PROBLEMS, changeOne, createOne, readJson, readOne, type ApiOperation, type ApiResource } from '../api-operation';
import {
  ChangePasswordBodySchema, ChangedPasswordSchema, CreateTokenBodySchema, CreatedTokenSchema, EndedSessionsSchema, CreateUserBodySchema, SessionListSchema, TokenListSchema, TokenSchema,
  UpdateTokenBodySchema, UpdateUserBodySchema, UserListSchema, UserSchema,
} from '../auth-schemas';

const user: ApiResource = { tag: 'users', path: '/api/v1/users/{id}', noun: 'user', schema: UserSchema, notFound: 'The user does not exist' };

/** Users (admins), API tokens (admins), and the caller's own sessions. */
export const authOperations: ApiOperation[] = [
  readJson({ path: '/api/v1/users', operationId: 'listUsers', tag: 'users', summary: 'Every user, by email (admins)', description: 'The users', schema: UserListSchema }),
  createOne(user, {
    path: '/api/v1/users', operationId: 'createUser', summary: 'Creates a user with a role and a password (admins)', body: CreateUserBodySchema,
    problems: [409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the password is shorter than 12 characters or a common one (field errors in `errors`)',
      409: 'A user with this email already exists',
    },
  }),
  readOne(user, { operationId: 'getUser', summary: 'Reads one user (admins)' }),
  changeOne(user, {
    method: 'PATCH', operationId: 'updateUser', summary: 'Changes a user\'s role or disables (enables) them; ends all their sessions (admins)', body: UpdateUserBodySchema,
    invalid: 'The body does not have the expected shape, If-Match is malformed, or the change is to the caller themselves',
  }),
  {
    method: 'DELETE', path: '/api/v1/users/{id}/sessions', operationId: 'endUserSessions', tag: 'users',
    summary: 'Ends every session of a user at once; their next request is signed out (admins)',
    success: { 200: { description: 'How many sessions ended', schema: EndedSessionsSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The user does not exist' },
  },
  readJson({
    path: '/api/v1/tokens', operationId: 'listTokens', tag: 'tokens',
    summary: 'Every API token, newest first, revoked ones too; never their secrets (admins)', description: 'The tokens', schema: TokenListSchema,
  }),
  {
    method: 'POST', path: '/api/v1/tokens', operationId: 'createToken', tag: 'tokens',
    summary: 'Creates an API token with scopes, the agents it reaches and an optional expiry; its secret is in this answer only (admins)', body: CreateTokenBodySchema,
    success: { 201: { description: 'The token and its secret', schema: CreatedTokenSchema, hasLocation: true } },
    problems: BODY_PROBLEMS,
    problemDescriptions: { 400: 'The body does not have the expected shape, an agent does not exist (`/agents/<i>`), or the expiry is not in the future (field errors in `errors`)' },
  },
  {
    method: 'GET', path: '/api/v1/tokens/{id}', operationId: 'getToken', tag: 'tokens',
    summary: 'Reads one API token with its last use per agent; never its secret (admins)',
    success: { 200: { description: 'The token', schema: TokenSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The token does not exist' },
  },
  {
    method: 'PATCH', path: '/api/v1/tokens/{id}', operationId: 'narrowToken', tag: 'tokens',
    summary: 'Narrows the agents a token reaches, from its next request on, audited; never widens them (admins)', body: UpdateTokenBodySchema,
    success: { 200: { description: 'The token as it is now', schema: TokenSchema } },
    problems: [...BODY_PROBLEMS, 404, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, an agent does not exist (`/agents/<i>`), or the set reaches an agent the token does not (`/agents`)',
      404: 'The token does not exist',
      409: 'The token is revoked',
    },
  },
  {
    method: 'DELETE', path: '/api/v1/tokens/{id}', operationId: 'revokeToken', tag: 'tokens',
    summary: 'Revokes an API token: refused from the next request on (admins)',
    success: { 200: { description: 'The revoked token', schema: TokenSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The token does not exist' },
  },
  readJson({
    path: '/api/v1/sessions', operationId: 'listSessions', tag: 'sessions',
    summary: 'The signed-in user\'s own live sessions, the current one marked', description: 'The sessions, newest first', schema: SessionListSchema,
  }),
  {
    method: 'DELETE', path: '/api/v1/sessions/{id}', operationId: 'endSession', tag: 'sessions',
    summary: 'Ends one of the signed-in user\'s own sessions',
    success: { 204: { description: 'Ended' } },
    problems: [404],
    problemDescriptions: { 404: 'The caller has no session with this id' },
  },
  {
    method: 'POST', path: '/api/v1/me/password', operationId: 'changeOwnPassword', tag: 'sessions',
    summary: 'Changes the signed-in user\'s own password (the current one required); their other sessions end',
    body: ChangePasswordBodySchema,
    success: { 200: { description: 'Changed', schema: ChangedPasswordSchema } },
    problems: [...BODY_PROBLEMS, 429],
    problemDescriptions: {
      400: 'The current password is wrong (`/currentPassword`), or the new one is shorter than 12 characters, a common one or the current one (`/newPassword`)',
      403: 'A token (it has no password), or an account that signs in with single sign-on only',
      429: 'Too many wrong passwords for this account; `Retry-After` says when to try again',
    },
  },
];
