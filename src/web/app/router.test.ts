import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGES } from './route-table.ts';
import { routes } from './router.tsx';

/** The route table names every page the build gives an address; the router must route each of them. */
function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the router', () => {
  it('routes every page of the route table (Instagram Login’s callback among them)', () => {
    const routed = pathsOf(routes);
    for (const page of Object.values(PAGES)) expect(routed, page.path).toContain(page.path);
    expect(routed).toContain('/auth/instagram-login/callback');
  });
});
