import { describe, expect, it } from 'vitest';
import os from 'node:os';
import type { CatalogueEntry, ToolCatalogue } from '../catalogue';
import { createToolEnvironment, provide } from '../environment';
import { registerClass, type PluginRegistration } from '../registration';
import type { JsonSchema, MultiToolProvider, Tool, ToolFactory } from '../spi';
import { TOOL_CATALOGUE, ToolRegistry } from '../tool-registry';
import { builtinRegistrations, InMemoryTodoListService, TODO_LIST_SERVICE } from './index';
import { ToolSearchToolFactory } from './tool-search';

function fakeTool(name: string, description: string): Tool {
  return {
    name: () => name,
    description: () => description,
    parametersSchema: () => ({ type: 'object', properties: {} }),
    execute: async () => 'done',
  };
}

class NotesAddFactory implements ToolFactory {
  name(): string {
    return 'notes_add';
  }

  group(): string {
    return 'notes';
  }

  create(): Tool {
    return fakeTool('notes_add', 'Add a note to the notebook.\nNotes are kept per agent.');
  }
}

class MailProvider implements MultiToolProvider {
  toolNames(): ReadonlySet<string> {
    return new Set(['mail_send']);
  }

  group(): string {
    return 'mail';
  }

  create(toolName: string): Tool | undefined {
    return toolName === 'mail_send' ? fakeTool('mail_send', 'Send an email message.') : undefined;
  }
}

const scope = { sessionId: 's1', agentId: 'a1', purpose: 'call' } as const;

async function loadRegistry(options: { extra?: PluginRegistration[]; hasTodoService?: boolean } = {}) {
  const services = new Map(options.hasTodoService === false ? [] : [provide(TODO_LIST_SERVICE, new InMemoryTodoListService())]);
  return ToolRegistry.load({
    registrations: [
      ...builtinRegistrations(),
      registerClass('test', 'factory', NotesAddFactory),
      ...(options.extra ?? []),
    ],
    environment: createToolEnvironment({ services, env: { FS_ALLOWED_ROOTS: os.tmpdir() } }),
  });
}

async function search(registry: ToolRegistry, args: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return registry.resolve({ agentId: 'a1', toolName: 'tool_search', overrides }, scope).execute(args);
}

function groupsEnum(schema: JsonSchema | undefined): unknown {
  const groups = (schema?.properties as Record<string, { items?: { enum?: unknown } }> | undefined)?.groups;
  return groups?.items?.enum;
}

describe('tool_search', () => {
  it('finds a tool by a word in its description, with its group and summary', async () => {
    const registry = await loadRegistry();
    await expect(search(registry, { query: 'count words' })).resolves.toBe(
      '1 tool matches "count words":\n- word_count (general): Count the number of words in a piece of text.',
    );
  });

  it('ranks tools whose name matches above those whose description only matches', async () => {
    const registry = await loadRegistry();
    const text = await search(registry, { query: 'file' });
    const names = text.split('\n').slice(1).map((line) => line.split(' ')[1]);
    expect(names).toEqual(['fs_read_file', 'fs_list_dir']);
  });

  it('breaks ties by name', async () => {
    const registry = await loadRegistry();
    const text = await search(registry, { query: 'TODO' });
    expect(text).toMatch(/^2 tools match "TODO":\n- todo_read \(todo\): .*\n- todo_write \(todo\): /);
  });

  it('shows only the first line of a description', async () => {
    const registry = await loadRegistry();
    await expect(search(registry, { query: 'notebook' })).resolves.toBe(
      '1 tool matches "notebook":\n- notes_add (notes): Add a note to the notebook.',
    );
  });

  it('finds tools served by a provider', async () => {
    const registry = await loadRegistry({ extra: [registerClass('test', 'provider', MailProvider)] });
    await expect(search(registry, { query: 'email' })).resolves.toContain('- mail_send (mail): Send an email message.');
  });

  it('never lists itself', async () => {
    const registry = await loadRegistry();
    await expect(search(registry, { query: 'tool_search search' })).resolves.toBe(
      'No tools match "tool_search search".',
    );
  });

  it('skips unavailable tools', async () => {
    const registry = await loadRegistry({ hasTodoService: false });
    await expect(search(registry, { query: 'todo' })).resolves.toBe('No tools match "todo".');
  });

  it('searches only the groups the agent allows', async () => {
    const registry = await loadRegistry();
    const overrides = { groups: ['notes', 'fs'] };
    const text = await search(registry, { query: 'note count file' }, overrides);
    expect(text).toContain('notes_add');
    expect(text).toContain('fs_read_file');
    expect(text).not.toContain('word_count');
    await expect(search(registry, { query: 'words' }, overrides)).resolves.toBe(
      'No tools match "words" in the groups notes, fs.',
    );
  });

  it('searches every group when the groups override is empty', async () => {
    const registry = await loadRegistry();
    await expect(search(registry, { query: 'words' }, { groups: [] })).resolves.toContain('word_count');
  });

  it('returns at most limit tools and says how many matched', async () => {
    const registry = await loadRegistry();
    const text = await search(registry, { query: 'the', limit: 2 });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\d+ tools match "the"; the best 2:$/);
    expect(lines).toHaveLength(3);
  });

  it('refuses a query without words and a limit out of range', async () => {
    const registry = await loadRegistry();
    await expect(search(registry, { query: '  ?! ' })).rejects.toThrow('at least one word');
    await expect(search(registry, {})).rejects.toThrow('"query" to be a string');
    await expect(search(registry, { query: 'file', limit: 51 })).rejects.toThrow('from 1 to 50');
    await expect(search(registry, { query: 'file', limit: 2.5 })).rejects.toThrow('from 1 to 50');
  });

  it('offers the known groups in its overrides schema', async () => {
    const registry = await loadRegistry();
    const entry = registry.catalogue().find((e) => e.name === 'tool_search');
    expect(entry).toMatchObject({ group: 'general', available: true });
    expect(groupsEnum(entry?.overridesSchema)).toEqual(['fs', 'general', 'notes', 'todo']);
    expect(entry?.overridesSchema).toMatchObject({
      type: 'object',
      properties: { groups: { type: 'array', uniqueItems: true, items: { type: 'string' } } },
    });
  });

  it('offers a provider’s group once the provider is loaded', async () => {
    const registry = await loadRegistry({ extra: [registerClass('test', 'provider', MailProvider)] });
    const entry = registry.catalogue().find((e) => e.name === 'tool_search');
    expect(groupsEnum(entry?.overridesSchema)).toEqual(['fs', 'general', 'mail', 'notes', 'todo']);
  });

  it('reads the groups afresh each time its overrides schema is asked for', () => {
    let groups = ['general'];
    const catalogue: ToolCatalogue = { groups: () => groups, entries: (): CatalogueEntry[] => [] };
    const factory = new ToolSearchToolFactory();
    factory.bind(createToolEnvironment({ services: new Map([provide(TOOL_CATALOGUE, catalogue)]), env: {} }));
    expect(groupsEnum(factory.overridesSchema())).toEqual(['general']);
    groups = ['general', 'mail'];
    expect(groupsEnum(factory.overridesSchema())).toEqual(['general', 'mail']);
  });

  it('is unavailable without a catalogue', () => {
    const factory = new ToolSearchToolFactory();
    factory.bind(createToolEnvironment({ env: {} }));
    expect(factory.isAvailable()).toBe(false);
  });
});
