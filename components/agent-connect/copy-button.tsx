'use client';

import { Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

const REFUSED = 'The browser refused the clipboard: select the text and copy it by hand.';

/**
 * A button that copies `text` and says so: in a toast, or beside it when `isInline` (inside a
 * modal dialog, where the page's toasts sit behind the backdrop). `label` is its name ("Copy endpoint URL").
 */
export function CopyButton({ text, label, copiedMessage, isInline = false }: { text: string; label: string; copiedMessage: string; isInline?: boolean }) {
  const [status, setStatus] = useState('');
  const say = (message: string, isOk: boolean) => {
    if (isInline) setStatus(message);
    else if (isOk) toast.success(message);
    else toast.error(message);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      say(copiedMessage, true);
    } catch {
      say(REFUSED, false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        {label}
      </Button>
      {isInline && (
        <span role="status" className="text-sm text-muted-foreground">
          {status}
        </span>
      )}
    </span>
  );
}
