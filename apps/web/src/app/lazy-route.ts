import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadAllTranslations } from '../lib/i18n.ts';

/**
 * A route's `lazy` that loads its area's module (app/areas/) and renders one page of it. All
 * routes of an area import the same module, so the bundler makes one chunk per area, fetched
 * when the first of its pages opens; the router waits for it, and for all of the translations
 * (the entry has only the public home's), before it leaves the current page.
 */
export function lazyPage<Area>(loadArea: () => Promise<Area>, page: (area: Area) => ComponentType): NonNullable<RouteObject['lazy']> {
  return async () => {
    const [area] = await Promise.all([loadArea(), loadAllTranslations()]);
    return { Component: page(area) };
  };
}
