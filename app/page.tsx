import { getToolRegistry } from '@/lib/registry-host';
import { groupTools } from '@/lib/catalogue/group-tools';
import { ToolGroupList } from '@/components/catalogue/tool-group-list';
import { DiagnosticsList } from '@/components/catalogue/diagnostics-list';

// The catalogue is read from the live registry on every request, never at build time.
export const dynamic = 'force-dynamic';

export default async function CataloguePage() {
  const registry = await getToolRegistry();
  const { tools, diagnostics } = registry.snapshot();
  const groups = groupTools(tools);
  const unavailable = tools.filter((tool) => !tool.available).length;
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Tool catalogue</h1>
      <p className="mb-6 text-slate-600">
        {plural(tools.length, 'tool')} in {plural(groups.length, 'group')}
        {unavailable > 0 && `, ${unavailable} unavailable`}.
      </p>
      <DiagnosticsList diagnostics={diagnostics} />
      <ToolGroupList groups={groups} />
    </>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
