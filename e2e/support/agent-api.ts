import { expect, type APIRequestContext } from '@playwright/test';
import { createAgentViaApi, uniqueToken } from './agents-page';

/** An assignment as `GET /api/v1/agents/{id}/tools` answers it. */
export interface ApiAssignment {
  toolName: string;
  overrides: Record<string, unknown>;
  version: number;
  status: string;
  errors?: { pointer: string; message: string }[];
}

/** Creates an agent with a name no other test uses, through the API; answers its id. */
export async function createTestAgent(request: APIRequestContext, name: string): Promise<string> {
  const token = uniqueToken();
  return (await createAgentViaApi(request, { id: `${name.toLowerCase()}-${token}`, name: `${name} ${token}` })).id;
}

/** Assigns a tool through the API, as another admin would. */
export async function assignTool(request: APIRequestContext, agentId: string, toolName: string, overrides: Record<string, unknown>, version?: number): Promise<ApiAssignment> {
  const response = await request.put(`/api/v1/agents/${agentId}/tools/${toolName}`, {
    data: { overrides },
    headers: version === undefined ? {} : { 'if-match': `"${version}"` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ApiAssignment;
}

/** The agent's assignments, by tool name, as the API stores them. */
export async function assignmentsOf(request: APIRequestContext, agentId: string): Promise<Map<string, ApiAssignment>> {
  const response = await request.get(`/api/v1/agents/${agentId}/tools`);
  expect(response.status()).toBe(200);
  const { assignments } = (await response.json()) as { assignments: ApiAssignment[] };
  return new Map(assignments.map((assignment) => [assignment.toolName, assignment]));
}
