import type { CatalogueEntry, ToolCatalogue } from '../catalogue';
import type { AgentTool, JsonSchema, Tool, ToolEnvironment, ToolFactory } from '../spi';
import { TOOL_CATALOGUE } from '../tool-registry';
import { compareStrings, firstLine } from '../text';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** A word found in a tool's name says more than one found in its description. */
const NAME_WEIGHT = 2;

/** Finds available tools by words in their name and description. */
export class ToolSearchTool implements Tool {
  static readonly NAME = 'tool_search';

  /**
   * @param groups the only groups searched; undefined searches all. The catalogue is
   *   optional so the tool can still describe itself when the registry offers none.
   */
  constructor(
    private readonly catalogue: ToolCatalogue | undefined,
    private readonly groups: readonly string[] | undefined,
  ) {}

  name(): string {
    return ToolSearchTool.NAME;
  }

  description(): string {
    return (
      'Search the available tools by words in their name or description. ' +
      'Returns the best matches first, each with its group and a one-line summary.'
    );
  }

  parametersSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for, e.g. "read file".' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_LIMIT,
          default: DEFAULT_LIMIT,
          description: 'The most tools to return.',
        },
      },
      required: ['query'],
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    if (!this.catalogue) throw new Error('tool_search is unavailable: the registry offered no tool catalogue');
    const words = queryWords(args.query);
    const limit = limitArgument(args.limit);

    const matches = this.catalogue
      .entries()
      .filter((entry) => entry.available && entry.name !== ToolSearchTool.NAME)
      .filter((entry) => this.groups === undefined || this.groups.includes(entry.group))
      .map((entry) => ({ entry, score: score(entry, words) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || compareStrings(a.entry.name, b.entry.name));

    const query = JSON.stringify(args.query);
    if (matches.length === 0) {
      const where = this.groups ? ` in the groups ${this.groups.join(', ')}` : '';
      return `No tools match ${query}${where}.`;
    }
    const shown = matches.slice(0, limit);
    const heading =
      shown.length < matches.length
        ? `${matches.length} tools match ${query}; the best ${shown.length}:`
        : `${matches.length} ${matches.length === 1 ? 'tool matches' : 'tools match'} ${query}:`;
    return [heading, ...shown.map(({ entry }) => `- ${entry.name} (${entry.group}): ${firstLine(entry.description)}`)].join('\n');
  }
}

/** Builds `tool_search`, limited to the agent's `groups` override when it sets one. */
export class ToolSearchToolFactory implements ToolFactory {
  private catalogue: ToolCatalogue | undefined;

  name(): string {
    return ToolSearchTool.NAME;
  }

  bind(env: ToolEnvironment): void {
    this.catalogue = env.get(TOOL_CATALOGUE);
  }

  isAvailable(): boolean {
    return this.catalogue !== undefined;
  }

  /** Computed on every call: the enum lists the groups known right now. */
  overridesSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        groups: {
          type: 'array',
          title: 'Searchable groups',
          description: 'Only tools of these groups are searched; none ticked means every group',
          uniqueItems: true,
          items: { type: 'string', enum: this.catalogue?.groups() ?? [] },
        },
      },
    };
  }

  create(agentTool: AgentTool): Tool {
    return new ToolSearchTool(this.catalogue, groupsOverride(agentTool.overrides.groups));
  }
}

/** The searched groups, or undefined (all) unless the override is a non-empty list of strings. */
function groupsOverride(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const groups = value.filter((group): group is string => typeof group === 'string' && group !== '');
  return groups.length > 0 ? groups : undefined;
}

function queryWords(query: unknown): string[] {
  if (typeof query !== 'string') throw new Error(`tool_search needs "query" to be a string (got ${typeof query})`);
  // Underscores and hyphens stay inside words, so "fs_read_file" can be searched whole.
  const words = query.toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter((word) => word !== '');
  if (words.length === 0) throw new Error('tool_search needs "query" to contain at least one word');
  return [...new Set(words)];
}

function limitArgument(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new Error(`tool_search needs "limit" to be a whole number from 1 to ${MAX_LIMIT} (got ${JSON.stringify(limit)})`);
  }
  return limit;
}

function score(entry: CatalogueEntry, words: readonly string[]): number {
  const name = entry.name.toLowerCase();
  const description = entry.description.toLowerCase();
  let total = 0;
  for (const word of words) {
    if (name.includes(word)) total += NAME_WEIGHT;
    if (description.includes(word)) total += 1;
  }
  return total;
}


