import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConfigChange, ConfigPlan } from '@/lib/client-api/config-api';
import { PLAN_PAGE_SIZE, PlanView } from './plan-view';

function planOf(changes: number, warnings = 0): ConfigPlan {
  const made: ConfigChange[] = Array.from({ length: changes }, (_, i) => ({
    kind: 'agent',
    action: 'create',
    target: `agents/agent-${String(i).padStart(5, '0')}`,
    agentId: `agent-${String(i).padStart(5, '0')}`,
    diffs: [{ field: 'name', after: `Agent ${i}` }],
  }));
  return {
    hash: 'a'.repeat(64),
    prune: false,
    changes: made,
    summary: { create: changes, update: 0, delete: 0 },
    warnings: Array.from({ length: warnings }, (_, i) => ({ pointer: `/agents/${i}/tools/x_y`, message: `not listed ${i}`, line: i + 1, column: 7, target: `agents/agent-${String(i).padStart(5, '0')}` })),
  };
}

/** How many times `part` occurs in `html`. */
function occurrences(html: string, part: string): number {
  return html.split(part).length - 1;
}

describe('PlanView', () => {
  it('draws a fleet-sized plan a page at a time, saying how many changes there are in all', () => {
    const html = renderToStaticMarkup(<PlanView plan={planOf(20_020)} />);

    expect(occurrences(html, 'aria-label="create agents/')).toBe(PLAN_PAGE_SIZE);
    expect(html).toContain('20,020 to create, 0 to update, 0 to delete.');
    expect(html).toContain('Showing 200 of 20,020 changes.');
    expect(html).toContain('Show 200 more');
    expect(html).toContain('aria-label="create agents/agent-00199"');
    expect(html).not.toContain('aria-label="create agents/agent-00200"');
  });

  it('draws a plan that fits on one page whole, without a "Show more"', () => {
    const html = renderToStaticMarkup(<PlanView plan={planOf(PLAN_PAGE_SIZE)} />);

    expect(occurrences(html, 'aria-label="create agents/')).toBe(PLAN_PAGE_SIZE);
    expect(html).not.toContain('Show');
  });

  it('pages a long list of what could not be checked the same way, and still marks each drawn change', () => {
    const html = renderToStaticMarkup(<PlanView plan={planOf(300, 250)} />);

    expect(occurrences(html, 'Line ')).toBe(PLAN_PAGE_SIZE);
    expect(html).toContain('Show 50 more of 250 not checked');
    expect(occurrences(html, '>not checked<')).toBe(PLAN_PAGE_SIZE);
  });
});
