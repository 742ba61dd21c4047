import type { ToolGroup } from '@/lib/catalogue/group-tools';
import { firstLine } from '@/lib/catalogue/group-tools';

/** The catalogue as plain sections: one per group, each listing its tools. */
export function ToolGroupList({ groups }: { groups: readonly ToolGroup[] }) {
  if (groups.length === 0) {
    return <p className="text-slate-600">No tools are registered. Add a plugin to the plugins folder and restart.</p>;
  }
  return (
    <div className="space-y-8">
      {groups.map(({ group, label, tools }) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="mb-2 text-lg font-semibold">
            {label} <span className="text-sm font-normal text-slate-500">({tools.length})</span>
          </h2>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {tools.map((tool) => (
              <li key={tool.name} className={`px-4 py-2 ${tool.available ? '' : 'bg-slate-50 text-slate-500'}`}>
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-mono text-sm">{tool.name}</span>
                  {tool.description && <span className="text-sm text-slate-600">{firstLine(tool.description)}</span>}
                  <span className="ml-auto text-xs text-slate-500">
                    {tool.source === 'builtin' ? 'built-in' : `from ${tool.source}`}
                  </span>
                </div>
                {!tool.available && (
                  <p className="mt-1 text-sm text-amber-800">Unavailable: {tool.unavailableReason}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
