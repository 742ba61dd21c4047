import { CircleAlert, CircleOff, CircleX, GitCompareArrows } from 'lucide-react';
import type { AgentStatusCounts } from '@/lib/agents/agent';
import { Badge } from '@/components/ui/badge';

/** One badge per kind of assignment that needs attention (missing, invalid, unavailable, changed upstream); nothing when all are fine. */
export function AgentStatusBadges({ counts }: { counts: AgentStatusCounts }) {
  const badges = [
    { count: counts.missing, text: 'missing', tone: 'danger', Icon: CircleX },
    { count: counts.invalid, text: 'invalid', tone: 'danger', Icon: CircleAlert },
    { count: counts.unavailable, text: 'unavailable', tone: 'warning', Icon: CircleOff },
    { count: counts.changed, text: 'changed upstream', tone: 'warning', Icon: GitCompareArrows },
  ] as const;
  const shown = badges.filter(({ count }) => count > 0);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tools needing attention" className="mt-1 flex flex-wrap gap-1.5">
      {shown.map(({ count, text, tone, Icon }) => (
        <li key={text}>
          <Badge tone={tone}>
            <Icon aria-hidden="true" />
            {count} {text}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
