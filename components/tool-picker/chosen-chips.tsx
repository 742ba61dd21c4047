import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The tools chosen so far, each a chip with a button that takes it out of the choice. */
export function ChosenChips({ chosen, onToggle }: { chosen: ReadonlySet<string>; onToggle: (names: readonly string[], choose: boolean) => void }) {
  if (chosen.size === 0) return null;
  return (
    <ul aria-label="Chosen tools" className="mt-2 flex max-h-20 flex-wrap gap-1.5 overflow-y-auto">
      {[...chosen].map((name) => (
        <li key={name} className="inline-flex max-w-full items-center gap-0.5 rounded-full border border-primary/40 bg-info-muted py-0.5 pr-0.5 pl-2.5 text-xs text-info">
          <span className="truncate font-mono" title={name}>
            {name}
          </span>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onToggle([name], false)}
            aria-label={`Unchoose ${name}`}
            className="size-5 rounded-full text-info hover:bg-info/15 [&_svg]:size-3"
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
