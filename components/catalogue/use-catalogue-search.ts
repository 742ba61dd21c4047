import { useSearchParams } from 'next/navigation';
import { useDeferredValue, useEffect, useState } from 'react';

const URL_WRITE_DELAY_MS = 250;

/**
 * The search text and group filter, kept in the URL (`?q=…&group=…`) so a filtered view can
 * be shared and survives a reload. Typing updates state at once; the list follows through
 * deferred values (typing never waits for it) and the URL is written once typing pauses.
 */
export function useCatalogueSearch() {
  const searchParams = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get('q') ?? '');
  const [group, setGroup] = useState(() => searchParams.get('group') ?? '');

  useEffect(() => {
    const timer = setTimeout(() => {
      const params = new URLSearchParams(window.location.search);
      setOrDelete(params, 'q', query.trim());
      setOrDelete(params, 'group', group);
      const search = params.toString();
      if (`?${search}` === window.location.search || (search === '' && window.location.search === '')) return;
      // The native History API keeps Next's router in sync without a server round trip.
      window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, group]);

  return {
    query,
    group,
    setQuery,
    setGroup,
    deferredQuery: useDeferredValue(query),
    deferredGroup: useDeferredValue(group),
  };
}

function setOrDelete(params: URLSearchParams, name: string, value: string): void {
  if (value) params.set(name, value);
  else params.delete(name);
}
