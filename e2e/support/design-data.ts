/** The plugins of the screenshots: the example plugin and the fixtures that load cleanly (symlinks in e2e/fixtures/design-plugins). */
export const DESIGN_PLUGIN_PATH = 'plugins:e2e/fixtures/design-plugins';

/**
 * The fs tools' allowed root for the design server (FS_ALLOWED_ROOTS), and the folders the fixed
 * agents' baseDirs name, which the fs tools require to exist.
 */
export const DESIGN_FILES_ROOT = '/srv/shared';
const DESIGN_FOLDERS = ['/srv/shared/docs/handbooks/customer-support'];

/** Makes the folders the design agents' settings name (fs baseDirs must exist under the allowed root). */
export async function makeDesignFolders(): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  for (const folder of DESIGN_FOLDERS) await mkdir(folder, { recursive: true });
}

/** The fixed agents of the screenshot tests and the README screenshots: same ids, names and settings every run. */
export const DESIGN_AGENTS = [
  {
    id: 'support-bot',
    name: 'Support bot',
    description: 'Answers customer questions from the shared handbooks.',
    tools: {
      fs_read_file: { baseDir: '/srv/shared/docs/handbooks/customer-support' },
      fs_list_dir: { baseDir: '/srv/shared/docs' },
      word_count: {},
      acme_lookup: {},
    },
  },
  {
    id: 'release-notes',
    name: 'Release notes writer',
    description: 'Drafts release notes from merged changes.',
    tools: { text_slugify: { separator: '-' }, todo_read: {}, todo_write: {} },
  },
] as const;

/** A signed-in `fetch` of a path on one server (`NextServer.fetch`). */
type ServerFetch = (pathname: string, init?: RequestInit) => Promise<Response>;

/** Creates the design agents and their tools through the API of a server with an empty database. */
export async function seedDesignData(serverFetch: ServerFetch): Promise<void> {
  for (const agent of DESIGN_AGENTS) {
    const created = await serverFetch('/api/v1/agents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: agent.id, name: agent.name, description: agent.description }),
    });
    if (!created.ok) throw new Error(`Creating ${agent.id}: ${created.status} ${await created.text()}`);
    for (const [toolName, overrides] of Object.entries(agent.tools)) {
      const assigned = await serverFetch(`/api/v1/agents/${agent.id}/tools/${toolName}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ overrides }),
      });
      if (!assigned.ok) throw new Error(`Assigning ${toolName} to ${agent.id}: ${assigned.status} ${await assigned.text()}`);
    }
  }
}
