import { ChevronLeft, ChevronRight } from 'lucide-react';
import { AGENT_PAGE_SIZE } from '@/lib/client-api/agents-api';
import { Button } from '@/components/ui/button';

interface AgentsPagerProps {
  /** 0-based. */
  page: number;
  shownCount: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** Which agents the page shows, of how many, with Previous and Next. */
export function AgentsPager({ page, shownCount, total, onPageChange }: AgentsPagerProps) {
  const first = page * AGENT_PAGE_SIZE + 1;
  const last = page * AGENT_PAGE_SIZE + shownCount;
  const pageCount = Math.max(1, Math.ceil(total / AGENT_PAGE_SIZE));
  if (pageCount === 1 && page === 0) return null;
  return (
    <nav aria-label="Agent pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-muted-foreground">
      <p>
        Agents {first.toLocaleString('en')}–{last.toLocaleString('en')} of {total.toLocaleString('en')}
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button size="sm" disabled={page + 1 >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
