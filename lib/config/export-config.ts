import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { readConfigState } from './read-config-state';
import { renderConfig, type ConfigFormat } from './render-config';

/** What `exportConfig` needs. */
export interface ExportConfigOptions {
  db: Db;
  actor: Actor;
  format: ConfigFormat;
  /** The app's public URL, to name the schema by. */
  baseUrl: string;
}

/** Everything an admin configures as one file, in a stable order. AppError `forbidden` without `agents:read`. */
export async function exportConfig({ db, actor, format, baseUrl }: ExportConfigOptions): Promise<string> {
  authorize(actor, 'agents:read');
  authorizeAllAgents(actor, 'export the configuration (it covers every agent)');
  return renderConfig((await readConfigState(db)).file, format, baseUrl);
}
