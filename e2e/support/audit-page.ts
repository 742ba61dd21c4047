import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createAgentViaApi, uniqueToken } from './agents-page';

/** An audit event as `GET /api/v1/audit` answers it. */
export interface ApiAuditEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Every event matching `query` (e.g. `agent=x`), newest first, paged through the API. */
export async function auditEventsViaApi(request: APIRequestContext, query: string): Promise<ApiAuditEvent[]> {
  const events: ApiAuditEvent[] = [];
  let cursor: string | undefined;
  do {
    const response = await request.get(`/api/v1/audit?${query}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status(), await response.text()).toBe(200);
    const page = (await response.json()) as { events: ApiAuditEvent[]; nextCursor?: string };
    events.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor);
  return events;
}

/** An agent of its own, renamed `renames` times and given word_count: 2 + renames events. */
export async function agentWithHistory(request: APIRequestContext, renames: number): Promise<{ id: string; names: string[] }> {
  const token = uniqueToken();
  const id = `audited-${token}`;
  const names = [`Audited ${token}`];
  await createAgentViaApi(request, { id, name: names[0]! });
  for (let version = 1; version <= renames; version++) {
    const name = `Audited ${token} v${version + 1}`;
    const response = await request.patch(`/api/v1/agents/${id}`, { data: { name }, headers: { 'if-match': `"${version}"` } });
    expect(response.status(), await response.text()).toBe(200);
    names.push(name);
  }
  const assigned = await request.put(`/api/v1/agents/${id}/tools/word_count`, { data: { overrides: {} } });
  expect(assigned.status(), await assigned.text()).toBe(201);
  return { id, names };
}

/** The events the page lists now, as `action target` lines (the action's code, which the page shows in words). */
export async function shownEvents(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem').filter({ has: page.getByRole('button', { name: /changes/ }) });
  return items.evaluateAll((nodes) =>
    nodes.map((node) => `${node.querySelector('[data-event-action]')?.getAttribute('data-event-action') ?? ''} ${node.querySelector('[data-event-target]')?.textContent ?? ''}`),
  );
}
