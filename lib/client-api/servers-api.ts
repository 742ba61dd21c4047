import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ServerBodySchema, ServerEventListSchema, ServerSchema, ServerTestResultSchema } from '@/lib/api/server-schemas';
import { apiFetch } from './api-fetch';

/** A server as `/api/v1/servers` answers it, with its status in the answering instance. */
export type Server = z.output<typeof ServerSchema>;
/** What the form sends. */
export type ServerBody = z.input<typeof ServerBodySchema>;
/** What "Test connection" answers. */
export type ServerTestResult = z.output<typeof ServerTestResultSchema>;

/** Every server; re-read every few seconds, since connections come and go on their own. */
export const serversQueryOptions = queryOptions({
  queryKey: ['servers'],
  queryFn: async () => (await apiFetch<{ servers: Server[] }>('/api/v1/servers')).data.servers,
  refetchInterval: 3000,
});

/** Adds a server. */
export async function createServer(body: ServerBody): Promise<Server> {
  return (await apiFetch<Server>('/api/v1/servers', { method: 'POST', body })).data;
}

/** Replaces a server's configuration at the version the admin saw. */
export async function updateServer(body: ServerBody, version: number): Promise<Server> {
  return (await apiFetch<Server>(`/api/v1/servers/${encodeURIComponent(body.name)}`, { method: 'PUT', body, ifMatch: version })).data;
}

/** Removes a server at the version the admin saw. */
export async function deleteServer(name: string, version: number): Promise<void> {
  await apiFetch(`/api/v1/servers/${encodeURIComponent(name)}`, { method: 'DELETE', ifMatch: version });
}

/** Re-reads a server's tool list now. */
export async function refreshServer(name: string): Promise<Server> {
  return (await apiFetch<Server>(`/api/v1/servers/${encodeURIComponent(name)}/refresh`, { method: 'POST' })).data;
}

/** Connects once to a configuration, saved or not. */
export async function testServerConnection(body: ServerBody): Promise<ServerTestResult> {
  return (await apiFetch<ServerTestResult>('/api/v1/connection-tests', { method: 'POST', body })).data;
}

/** The body of a server as stored, to send back changed. */
export function bodyOf(server: Server): ServerBody {
  return server.transport === 'http'
    ? { name: server.name, transport: 'http', url: server.url, headers: server.headers, enabled: server.enabled }
    : { name: server.name, transport: 'stdio', command: server.command, args: server.args, env: server.env, enabled: server.enabled };
}

/** A server's connection timeline as `/api/v1/servers/{name}/events` answers it. */
export type ServerTimeline = z.output<typeof ServerEventListSchema>;

/** One server, re-read every 2 s (the server page follows its connection). */
export function serverQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['servers', name],
    queryFn: async () => (await apiFetch<Server>(`/api/v1/servers/${encodeURIComponent(name)}`)).data,
    refetchInterval: 2000,
  });
}

/** A server's timeline, newest first, re-read every 2 s. */
export function serverEventsQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['servers', name, 'events'],
    queryFn: async () => (await apiFetch<ServerTimeline>(`/api/v1/servers/${encodeURIComponent(name)}/events`)).data,
    refetchInterval: 2000,
  });
}

/** Connects to a server again now. */
export async function reconnectServer(name: string): Promise<Server> {
  return (await apiFetch<Server>(`/api/v1/servers/${encodeURIComponent(name)}/reconnect`, { method: 'POST' })).data;
}
