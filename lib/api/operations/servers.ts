import 'server-only';
import { BODY_PROBLEMS, changeOne, createOne, deleteOne, readJson, readOne, type ApiOperation, type ApiResource } from '../api-operation';
import { DeletedServerSchema, ServerBodySchema, ServerEventListSchema, ServerEventsQuerySchema, ServerListSchema, ServerSchema, ServerTestResultSchema } from '../server-schemas';

const server: ApiResource = { tag: 'servers', path: '/api/v1/servers/{name}', noun: 'server', schema: ServerSchema, notFound: 'The server does not exist' };

/** MCP servers: list, add, read, replace, remove, refresh, and a connection test. */
export const serverOperations: ApiOperation[] = [
  readJson({
    path: '/api/v1/servers', operationId: 'listServers', tag: 'servers',
    summary: 'Every MCP server with its status in the answering instance (connected, connecting, unavailable or blocked with reason, disabled) and tool count; the upstream\'s own words (`detail`) only for admins and editors',
    description: 'The servers, by name', schema: ServerListSchema,
  }),
  createOne(server, {
    path: '/api/v1/servers', operationId: 'createServer',
    summary: 'Adds an MCP server (stdio: admins only, and not with MCP_STDIO=off); its tools join the catalogue as the group <name>',
    body: ServerBodySchema, description: 'The server; it connects in the background',
    problems: [409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, a credential is given as a value instead of a ${secret:NAME} reference, a reference names a variable outside SERVER_ENV_ALLOWLIST or an unknown secret, the URL\'s host is refused by the egress policy (MCP_ALLOWED_HOSTS, on `/url`), or stdio servers are turned off (field errors in `errors`)',
      409: 'A server of that name exists, or the name is already the group of other tools',
    },
  }),
  readOne(server, { operationId: 'getServer', summary: 'Reads one MCP server with its status and tool count' }),
  changeOne(server, {
    method: 'PUT', operationId: 'updateServer', summary: 'Replaces an MCP server\'s configuration (edit, enable, disable); its connection restarts', body: ServerBodySchema,
    invalid: 'The body does not have the expected shape or names another server, or a new URL\'s host is refused by the egress policy (field errors in `errors`), or If-Match is malformed',
  }),
  deleteOne(server, {
    operationId: 'deleteServer', summary: 'Removes an MCP server and closes its connection (a stdio server\'s process ends); assignments to its tools stay',
    success: { 200: { description: 'The removed server\'s name', schema: DeletedServerSchema } },
  }),
  {
    method: 'POST', path: '/api/v1/servers/{name}/refresh', operationId: 'refreshServer', tag: 'servers',
    summary: 'Re-reads the MCP server\'s tool list now; a blocked server\'s host is checked against the egress policy again first',
    success: { 200: { description: 'The server with its new tool count', schema: ServerSchema, hasEtag: true } },
    problems: [404, 409],
    problemDescriptions: { 404: 'The server does not exist', 409: 'The server is not connected in this instance (the reason is in `detail`)' },
  },
  {
    method: 'POST', path: '/api/v1/servers/{name}/reconnect', operationId: 'reconnectServer', tag: 'servers',
    summary: 'Connects to the MCP server again now in the answering instance, without waiting for the next retry (a stdio server is started again); audited',
    success: { 200: { description: 'The server with its status after the attempt', schema: ServerSchema, hasEtag: true } },
    problems: [404, 409],
    problemDescriptions: { 404: 'The server does not exist', 409: 'The server is disabled, its configuration is refused, or it is not running in this instance yet' },
  },
  {
    method: 'GET', path: '/api/v1/servers/{name}/events', operationId: 'listServerEvents', tag: 'servers',
    summary: 'The MCP server\'s connection timeline (connected, lost, restarted, tools changed), newest first, and its restarts in the last hour; anyone who may read the catalogue',
    query: ServerEventsQuerySchema,
    success: { 200: { description: 'The events', schema: ServerEventListSchema } },
    problems: [400, 404],
    problemDescriptions: { 400: 'A query parameter is malformed', 404: 'The server does not exist' },
  },
  {
    method: 'POST', path: '/api/v1/connection-tests', operationId: 'testServerConnection', tag: 'servers',
    summary: 'Connects once to an MCP server configuration, saved or not: its name, version and tool count, or what failed (admins and editors: permission servers:test, no token scope); a host the egress policy refuses is 400 on `/url`, with nothing sent',
    body: ServerBodySchema,
    success: { 200: { description: 'The outcome; a server that cannot be reached is `ok: false` with the error', schema: ServerTestResultSchema } },
    problems: BODY_PROBLEMS,
  },
];
