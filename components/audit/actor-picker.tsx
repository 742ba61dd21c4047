'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditActorsQueryOptions, type AuditActorOption } from '@/lib/client-api/audit-api';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { actorInWords } from './audit-event-item';

interface ActorPickerProps {
  id: string;
  /** The chosen actor's id ('' for any actor). */
  value: string;
  onChange: (actorId: string) => void;
  invalid?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

/**
 * The audit log's actor filter: type part of a name ("Ada") or id and choose from the actors
 * the log holds; the filter itself takes the chosen actor's id. A combobox with a listbox
 * (ARIA 1.2): arrows move, Enter chooses, Escape closes, clearing the text clears the filter.
 */
export function ActorPicker({ id, value, onChange, invalid }: ActorPickerProps) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text ?? '', 150);
  const options = useQuery({ ...auditActorsQueryOptions(search), enabled: isOpen, placeholderData: keepPreviousData });
  // The chosen actor's name, for a filter that came with the URL.
  const chosen = useQuery({ ...auditActorsQueryOptions(value), enabled: value !== '' && text === null });
  const chosenName = chosen.data?.find((actor) => actor.id === value)?.name;
  const shownText = text ?? (chosenName ? actorInWords(chosenName) : value);
  const found = options.data ?? [];

  const choose = (actor: AuditActorOption) => {
    setText(actorInWords(actor.name));
    setIsOpen(false);
    onChange(actor.id);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      else if (found.length > 0) setActive((active + (event.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (event.key === 'Enter' && isOpen && found[active]) {
      event.preventDefault();
      choose(found[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  const isListShown = isOpen && text !== null;

  return (
    <div className="relative">
      <Input
        id={id}
        name="actor"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-activedescendant={isListShown && found[active] ? optionId(active) : undefined}
        {...invalid}
        value={shownText}
        placeholder="Type a name, e.g. Ada"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setIsOpen(true);
          if (event.target.value.trim() === '') onChange('');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Actors"
        hidden={!isListShown}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-popover p-1 text-sm text-popover-foreground shadow-lg"
      >
        {found.map((actor, index) => (
          <li
            key={actor.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={cn('cursor-pointer rounded-sm px-2 py-1 break-words', index === active && 'bg-accent text-accent-foreground')}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(actor);
            }}
          >
            {actorInWords(actor.name)}
          </li>
        ))}
        {isListShown && options.isSuccess && found.length === 0 && <li className="px-2 py-1 text-muted-foreground">No actor matches “{text}”.</li>}
      </ul>
    </div>
  );
}
