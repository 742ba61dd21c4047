'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const LABEL = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' } as const;
const ICON = { system: Monitor, light: Sun, dark: Moon } as const;

const subscribeNothing = () => () => {};

/**
 * Cycles the theme: system → light → dark. The choice is kept in this browser (next-themes'
 * localStorage); until one is made the system's setting wins.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The stored choice is known only in the browser: the server renders the neutral "system" state.
  const isClient = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const current = isClient && (theme === 'light' || theme === 'dark') ? theme : 'system';
  const Icon = ICON[current];
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setTheme(NEXT[current])}
      aria-label={`${LABEL[current]}; switch to ${LABEL[NEXT[current]].toLowerCase()}`}
      className="justify-start"
    >
      <Icon aria-hidden="true" />
      <span>{LABEL[current]}</span>
    </Button>
  );
}
