import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

interface ToolsResponse {
  tools: { name: string; source: string; group: string; available: boolean }[];
}

async function toolNames(server: NextServer): Promise<Map<string, ToolsResponse['tools'][number]>> {
  const response = await server.fetch('/api/v1/tools');
  expect(response.status).toBe(200);
  const body = (await response.json()) as ToolsResponse;
  return new Map(body.tools.map((tool) => [tool.name, tool]));
}

test('[PLUGINS][DROP-IN]: a plugin folder copied into the plugin folder appears after a restart', async () => {
  const pluginFolder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-plugins-'));
  let server: NextServer | undefined;
  try {
    server = await startNextServer(ownServerPort(1), { TOOLS_PLUGIN_PATH: pluginFolder });
    const before = await toolNames(server);
    expect(before.has('word_count')).toBe(true);
    expect(before.has('text_slugify')).toBe(false);
    await server.stop();

    // The only change: the plugin package is copied into the folder. No file of the app is edited.
    await cp(path.resolve('plugins/example-tools'), path.join(pluginFolder, 'example-tools'), { recursive: true });

    server = await startNextServer(ownServerPort(1), { TOOLS_PLUGIN_PATH: pluginFolder });
    const after = await toolNames(server);
    expect(after.get('text_slugify')).toMatchObject({ source: 'example-tools', group: 'text', available: true });
    expect(after.get('units_km_to_miles')).toMatchObject({ source: 'example-tools', group: 'units', available: true });
    expect(after.has('word_count')).toBe(true);
  } finally {
    await server?.stop();
    await rm(pluginFolder, { recursive: true, force: true });
  }
});
