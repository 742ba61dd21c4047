import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';

const URL_WRITE_DELAY_MS = 250;

/** Filter values by their URL parameter names; an absent parameter reads as ''. */
export type UrlFilters<Name extends string> = Record<Name, string>;

/**
 * Text filters kept in the URL (`?q=…`), so a filtered view can be shared, survives a reload and
 * follows Back, Forward and links. Typing updates state at once; the URL is written (trimmed,
 * empty values left out) once typing pauses, or at once when the admin clicks away (a row link,
 * say). `names` must be a constant: its identity is an effect dependency.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[]): [UrlFilters<Name>, (changes: Partial<UrlFilters<Name>>) => void] {
  const searchParams = useSearchParams();
  const [filters, setFilters] = useState(() => readFilters(names, searchParams));
  // The search string this hook last wrote or followed: a URL change to anything else came from
  // outside (Back, Forward, a link) and replaces the filters; our own writes never echo back.
  const knownSearch = useRef(searchParams.toString());

  const urlSearch = searchParams.toString();
  useEffect(() => {
    if (urlSearch === knownSearch.current) return;
    knownSearch.current = urlSearch;
    setFilters(readFilters(names, new URLSearchParams(urlSearch)));
  }, [urlSearch, names]);

  const writeUrl = useCallback(
    (values: UrlFilters<Name>) => {
      const params = new URLSearchParams(window.location.search);
      for (const name of names) {
        const value = values[name].trim();
        if (value) params.set(name, value);
        else params.delete(name);
      }
      const search = params.toString();
      knownSearch.current = search;
      if (search === window.location.search.replace(/^\?/, '')) return;
      // The native History API keeps Next's router in sync without a server round trip.
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    },
    [names],
  );

  useEffect(() => {
    const timer = setTimeout(() => writeUrl(filters), URL_WRITE_DELAY_MS);
    // A click that leaves the page (a row, the header link) must not lose what was just typed:
    // the capture phase runs before Next's link handler pushes the next entry.
    const flush = () => {
      clearTimeout(timer);
      writeUrl(filters);
    };
    window.addEventListener('click', flush, { capture: true });
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('click', flush, { capture: true });
      window.removeEventListener('pagehide', flush);
    };
  }, [filters, writeUrl]);

  const change = useCallback((changes: Partial<UrlFilters<Name>>) => setFilters((current) => ({ ...current, ...changes })), []);
  return [filters, change];
}

function readFilters<Name extends string>(names: readonly Name[], params: URLSearchParams): UrlFilters<Name> {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as UrlFilters<Name>;
}
