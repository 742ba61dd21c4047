import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { catalogueFirstScreenQueryOptions, catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { searchOf, type CatalogueFilter, type VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { prepareIndexWhenIdle, sharedIndexOf } from '@/lib/client/shared-index';
import { groupCounts, isSameFilter, type GroupCount } from '@/lib/catalogue/first-screen';
import { isAvailable } from '@/lib/catalogue/tool-summary';
import type { Diagnostic } from '@/registry/diagnostics';

/** What the catalogue page shows, from the whole summary once it is here, until then from the server's first screen. */
export interface CatalogueModel {
  readonly toolCount: number;
  readonly unavailableCount: number;
  readonly groups: readonly GroupCount[];
  readonly diagnostics: readonly Diagnostic[];
  /** The matching groups, or undefined while the rows for this filter are still on their way. */
  readonly visible: readonly VisibleGroup[] | undefined;
  /** Matching tools in all (0 while unknown). */
  readonly shown: number;
  /** The whole catalogue is here: every row can be scrolled to and searched. */
  readonly isComplete: boolean;
}

/**
 * The catalogue for `filter`. The grouping and the counts are built once per catalogue, the search
 * text when the page is idle after that; a keystroke only runs the filter over the prepared
 * strings (over the last matches when it adds to the query).
 */
export function useCatalogueModel(filter: CatalogueFilter) {
  const summary = useQuery(catalogueQueryOptions);
  const firstScreen = useQuery({ ...catalogueFirstScreenQueryOptions, enabled: false });
  const data = summary.data;
  const index = useMemo(() => (data ? sharedIndexOf(data.tools) : undefined), [data]);
  useEffect(() => (data ? prepareIndexWhenIdle(data.tools) : undefined), [data]);
  const complete = useMemo(
    () => (data && index ? { groups: groupCounts(index), unavailableCount: data.tools.filter((tool) => !isAvailable(tool)).length } : undefined),
    [data, index],
  );
  const visible = useMemo(() => (index ? searchOf(index).filter(filter) : undefined), [index, filter]);

  let model: CatalogueModel | undefined;
  if (data && complete && visible) {
    model = {
      toolCount: data.tools.length,
      unavailableCount: complete.unavailableCount,
      groups: complete.groups,
      diagnostics: data.diagnostics,
      visible,
      shown: visible.reduce((sum, group) => sum + group.tools.length, 0),
      isComplete: true,
    };
  } else if (firstScreen.data) {
    const screen = firstScreen.data;
    const isThisFilter = isSameFilter(screen.filter, filter);
    model = {
      toolCount: screen.toolCount,
      unavailableCount: screen.unavailableCount,
      groups: screen.groups,
      diagnostics: screen.diagnostics,
      visible: isThisFilter ? screen.visible : undefined,
      shown: isThisFilter ? screen.shown : 0,
      isComplete: false,
    };
  }
  return { model, summary };
}
