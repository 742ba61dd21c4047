import { CircleAlert, CircleCheck, CircleDashed, CircleOff, CircleX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { AssignmentStatus } from '@/lib/assignments/assignment';

const badges = {
  ok: { text: 'OK', tone: 'ok', Icon: CircleCheck },
  unavailable: { text: 'Unavailable', tone: 'warning', Icon: CircleOff },
  missing: { text: 'Missing', tone: 'danger', Icon: CircleX },
  invalid: { text: 'Invalid settings', tone: 'danger', Icon: CircleAlert },
  draft: { text: 'Not saved yet', tone: 'info', Icon: CircleDashed },
} as const;

/** An assignment's status as a small labelled badge. */
export function StatusBadge({ status }: { status: AssignmentStatus | 'draft' }) {
  const { text, tone, Icon } = badges[status];
  return (
    <Badge tone={tone}>
      <Icon aria-hidden="true" />
      {text}
    </Badge>
  );
}
