import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** What jsdom cannot show: the month grid's stylesheet (a browser journey looks at it too). */
const css = fs.readFileSync(path.resolve('src/web/features/posts/calendar/calendar.module.css'), 'utf8');
const rule = (selector: string) => css.match(new RegExp(`${selector.replace(/[.[\]]/g, '\\$&')}\\s*\\{([^}]*)\\}`))?.[1] ?? '';

describe('the month grid', () => {
  it("mutes the neighbouring months' day numbers, past or not (issue 29)", () => {
    expect(rule('.dayCell[data-outside] .dayNumber')).toMatch(/color:\s*var\(--mantine-color-gray-6\)/);
  });
});
