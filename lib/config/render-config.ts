import { Document } from 'yaml';
import { CONFIG_SCHEMA_PATH, type ConfigFile } from './config-file';

/** The formats an export comes in. */
export type ConfigFormat = 'yaml' | 'json';

/**
 * A configuration file's text: YAML with a first line that names the schema (editors then
 * complete and check it), or JSON with `$schema`. Keys and lists are already in a stable order;
 * lines are never folded, so a change shows as the lines it changed.
 */
export function renderConfig(file: ConfigFile, format: ConfigFormat, baseUrl: string): string {
  const schemaUrl = `${baseUrl.replace(/\/$/, '')}${CONFIG_SCHEMA_PATH}`;
  // An agent with no description or no tools leaves the key out: less to read.
  const agents = file.agents.map(({ id, name, description, tools }) => ({
    id,
    name,
    ...(description === '' ? {} : { description }),
    ...(Object.keys(tools).length === 0 ? {} : { tools }),
  }));
  if (format === 'json') return `${JSON.stringify({ $schema: schemaUrl, apiVersion: file.apiVersion, agents }, null, 2)}\n`;
  const document = new Document({ apiVersion: file.apiVersion, agents });
  return `# yaml-language-server: $schema=${schemaUrl}\n${document.toString({ lineWidth: 0, minContentWidth: 0 })}`;
}
