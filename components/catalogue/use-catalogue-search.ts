import { useSearchParams } from 'next/navigation';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';

const URL_WRITE_DELAY_MS = 250;

/**
 * The search text and group filter, kept in the URL (`?q=…&group=…`) so a filtered view can
 * be shared, survives a reload and follows Back, Forward and links. Typing updates state at
 * once; the list follows through deferred values (typing never waits for it) and the URL is
 * written once typing pauses, or at once when the admin clicks away (a row link, say).
 */
export function useCatalogueSearch() {
  const searchParams = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get('q') ?? '');
  const [group, setGroup] = useState(() => searchParams.get('group') ?? '');
  // The search string this hook last wrote or followed: a URL change to anything else came from
  // outside (Back, Forward, a link) and replaces the filter; our own writes never echo back.
  const knownSearch = useRef(searchParams.toString());

  const urlSearch = searchParams.toString();
  useEffect(() => {
    if (urlSearch === knownSearch.current) return;
    knownSearch.current = urlSearch;
    const params = new URLSearchParams(urlSearch);
    setQuery(params.get('q') ?? '');
    setGroup(params.get('group') ?? '');
  }, [urlSearch]);

  const writeUrl = useCallback((filter: { query: string; group: string }) => {
    const params = new URLSearchParams(window.location.search);
    setOrDelete(params, 'q', filter.query.trim());
    setOrDelete(params, 'group', filter.group);
    const search = params.toString();
    knownSearch.current = search;
    if (search === window.location.search.replace(/^\?/, '')) return;
    // The native History API keeps Next's router in sync without a server round trip.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => writeUrl({ query, group }), URL_WRITE_DELAY_MS);
    // A click that leaves the page (a row, the header link) must not lose what was just typed:
    // the capture phase runs before Next's link handler pushes the next entry.
    const flush = () => {
      clearTimeout(timer);
      writeUrl({ query, group });
    };
    window.addEventListener('click', flush, { capture: true });
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('click', flush, { capture: true });
      window.removeEventListener('pagehide', flush);
    };
  }, [query, group, writeUrl]);

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
