import { describe, expect, it } from 'vitest';
import { LAYOUTS, PAGES, type PageCode } from './route-table.ts';

const codes: PageCode[] = [...Object.values(LAYOUTS), ...Object.values(PAGES)];

describe('the route table (what the router loads and the build preloads)', () => {
  it.each(codes.map((code) => [`${code.module} ${code.component}`, code] as const))(
    '%s is a module of src/web exporting that component',
    async (_name, code) => {
      const exports = (await import(/* @vite-ignore */ `../${code.module}`)) as Record<string, unknown>;
      expect(typeof exports[code.component]).toBe('function');
    },
  );

  it('gives every page its own address', () => {
    const paths = Object.values(PAGES).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
