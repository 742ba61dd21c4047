import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** An agent as `/api/v1/agents` answers it. */
export interface AgentBody {
  id: string;
  name: string;
  description: string;
  version: number;
}

/** The agents page's search box. */
export const agentSearchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search agents' });
/** The agent name links the list shows now. */
export const shownAgents = (page: Page) => page.getByRole('list', { name: 'Agents' }).getByRole('link');

/** Lowercase letters and digits unique to this call, for names and ids no other test uses. */
export function uniqueToken(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Creates an agent through the API, as another admin would. */
export async function createAgentViaApi(request: APIRequestContext, data: { id: string; name: string; description?: string }): Promise<AgentBody> {
  const response = await request.post('/api/v1/agents', { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as AgentBody;
}

/** The agent as the API has it now, or undefined when there is none. */
export async function readAgent(request: APIRequestContext, id: string): Promise<AgentBody | undefined> {
  const response = await request.get(`/api/v1/agents/${encodeURIComponent(id)}`);
  if (response.status() === 404) return undefined;
  expect(response.status()).toBe(200);
  return (await response.json()) as AgentBody;
}
