import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';

const badge = 'inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium';

/** The short facts about a tool, as badges: availability, streaming, settings, bundle, source. */
export function ToolBadges({ tool }: { tool: ToolSummary }) {
  return (
    <>
      {!isAvailable(tool) && <span className={`${badge} bg-amber-100 text-amber-900`}>Unavailable</span>}
      {tool.streamsResultToUser && <span className={`${badge} bg-sky-100 text-sky-900`}>Streams to user</span>}
      {tool.hasSettings && <span className={`${badge} bg-violet-100 text-violet-900`}>Has settings</span>}
      {tool.isBundle && <span className={`${badge} bg-emerald-100 text-emerald-900`}>Bundle</span>}
      <span className={`${badge} bg-slate-100 text-slate-700`}>
        {tool.source === 'builtin' ? 'Built-in' : `Plugin: ${tool.source}`}
      </span>
    </>
  );
}
