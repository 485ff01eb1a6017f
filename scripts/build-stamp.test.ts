import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILDS, STAMP_FILE, buildWhatChanged, buildsToRun, readInputs, recordBuild } from './build-stamp.mjs';

/** What `npm start` decides to build (scripts/start.mjs), on a project tree of files on disk. */
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A project with the layout of this one: every kind of input of both builds, tests and notes beside them. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-build-stamp-'));
  roots.push(root);
  const files = [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.server.json',
    'vite.config.ts',
    'vite.landing.config.ts',
    'scripts/landing-vite-plugin.ts',
    'src/web/main.tsx',
    'src/web/index.html',
    'src/web/i18n/locales/es/common.json',
    'src/web/features/posts/posts-page.tsx',
    'src/web/features/posts/posts-page.test.tsx',
    'src/web/test-support/render.tsx',
    'src/web/README.md',
    'src/server/main.ts',
    'src/server/app.ts',
    'src/server/i18n/locales/es/email.json',
    'src/server/app.test.ts',
    'src/server/test-support/database.ts',
    'src/server/README.md',
    'src/domain/post.ts',
  ];
  for (const file of files) write(root, file, `// ${file}\n`);
  return root;
}

const build = (name: string) => BUILDS.find((candidate) => candidate.name === name)!;

/** Does what the build's npm script does (writes its outputs), then what start.mjs does after it. */
function runBuild(root: string, name: 'web' | 'server'): void {
  const inputs = readInputs(root, build(name));
  if (name === 'web') {
    write(root, 'dist/web/index.html', '<!doctype html>');
    write(root, 'dist/web/assets/index-abc123.js', 'console.log(1)');
  } else {
    write(root, 'dist/server/server/main.js', 'export {}');
    write(root, 'dist/server/domain/post.js', 'export {}');
  }
  recordBuild(root, build(name), inputs);
}

function builtProject(): string {
  const root = project();
  runBuild(root, 'web');
  runBuild(root, 'server');
  return root;
}

const decision = (root: string) => buildsToRun(root).map(({ build: { name }, reason }) => `${name}: ${reason}`);

describe('what npm start builds', () => {
  it('builds both on a tree npm start never built, and nothing more once they are built', () => {
    const root = project();
    expect(decision(root)).toEqual(['web: no build of it recorded', 'server: no build of it recorded']);
    runBuild(root, 'web');
    runBuild(root, 'server');
    expect(decision(root)).toEqual([]);
  });

  it('rebuilds only the server for a changed server file, and names it', () => {
    const root = builtProject();
    write(root, 'src/server/app.ts', '// changed\n');
    expect(decision(root)).toEqual(['server: changed: src/server/app.ts']);
    write(root, 'src/server/i18n/locales/es/email.json', '{}');
    expect(decision(root)).toEqual(['server: changed: src/server/app.ts, src/server/i18n/locales/es/email.json']);
    runBuild(root, 'server');
    expect(decision(root)).toEqual([]);
  });

  it('rebuilds only the web app for a changed web file or configuration', () => {
    const root = builtProject();
    write(root, 'src/web/features/posts/posts-page.tsx', '// changed\n');
    expect(decision(root)).toEqual(['web: changed: src/web/features/posts/posts-page.tsx']);
    runBuild(root, 'web');
    write(root, 'vite.config.ts', '// changed\n');
    expect(decision(root)).toEqual(['web: changed: vite.config.ts']);
  });

  it('rebuilds both for what both read: src/domain, the package files', () => {
    const root = builtProject();
    write(root, 'src/domain/post.ts', '// changed\n');
    expect(decision(root)).toEqual(['web: changed: src/domain/post.ts', 'server: changed: src/domain/post.ts']);
    runBuild(root, 'web');
    runBuild(root, 'server');
    write(root, 'package-lock.json', '{"lockfileVersion":3}');
    expect(decision(root)).toEqual(['web: changed: package-lock.json', 'server: changed: package-lock.json']);
  });

  it('counts an added and a removed file as changes', () => {
    const root = builtProject();
    write(root, 'src/server/features/new-feature.ts', 'export {}');
    expect(decision(root)).toEqual(['server: changed: src/server/features/new-feature.ts']);
    runBuild(root, 'server');
    fs.rmSync(path.join(root, 'src/web/i18n/locales/es/common.json'));
    expect(decision(root)).toEqual(['web: changed: src/web/i18n/locales/es/common.json']);
  });

  it('does not rebuild for tests, their helpers or notes, which no build reads', () => {
    const root = builtProject();
    write(root, 'src/server/app.test.ts', '// changed\n');
    write(root, 'src/server/test-support/database.ts', '// changed\n');
    write(root, 'src/web/features/posts/posts-page.test.tsx', '// changed\n');
    write(root, 'src/web/README.md', 'changed');
    write(root, 'src/server/features/another.test.ts', '// new\n');
    expect(decision(root)).toEqual([]);
  });

  it('rebuilds the build whose output file was deleted or rewritten since', () => {
    const root = builtProject();
    fs.rmSync(path.join(root, 'dist/web/assets/index-abc123.js'));
    expect(decision(root)).toEqual(['web: output missing or rewritten: dist/web/assets/index-abc123.js']);
    runBuild(root, 'web');
    write(root, 'dist/server/server/main.js', 'export const other = 1;');
    expect(decision(root)).toEqual(['server: output missing or rewritten: dist/server/server/main.js']);
  });

  it('builds both when dist is gone, its record with it', () => {
    const root = builtProject();
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(fs.existsSync(path.join(root, STAMP_FILE))).toBe(false);
    expect(decision(root)).toEqual(['web: no build of it recorded', 'server: no build of it recorded']);
  });

  it('sees at the next start a file edited while the build ran', () => {
    const root = builtProject();
    write(root, 'src/server/app.ts', '// first edit\n');
    const pending = buildsToRun(root);
    expect(pending.map((entry) => entry.build.name)).toEqual(['server']);
    write(root, 'src/server/app.ts', '// edited during the build\n');
    write(root, 'dist/server/server/main.js', 'export {}');
    recordBuild(root, build('server'), pending[0]!.inputs);
    expect(decision(root)).toEqual(['server: changed: src/server/app.ts']);
  });
});

/**
 * `npm run demo` and `npm run check:networks` (scripts/server-command.mjs): the server built through npm
 * start's check and record (issue 21 item 8a, issue 28 item 3). Before, each ran `npm run build:server`
 * (66 s) every time and recorded nothing, so `npm run demo && npm start` rebuilt the server twice.
 */
describe('what npm run demo and npm run check:networks build', () => {
  const serverOnly = () => BUILDS.filter((candidate) => candidate.name === 'server');
  /** buildWhatChanged with the npm script replaced by runBuild's writing of the outputs. */
  function serverCommand(root: string): { ran: string[]; lines: string[] } {
    const ran: string[] = [];
    const lines: string[] = [];
    const status = buildWhatChanged(root, serverOnly(), 'npm run demo', {
      log: (line) => lines.push(line),
      run: (_root, script) => {
        ran.push(script);
        write(root, 'dist/server/server/main.js', `export {} // ${ran.length}`);
        return 0;
      },
    });
    expect(status).toBe(0);
    return { ran, lines };
  }

  it('builds the server once, records it as npm start does, and leaves npm start only the web app', () => {
    const root = project();
    expect(serverCommand(root).ran).toEqual(['build:server']);
    expect(decision(root)).toEqual(['web: no build of it recorded']);
    const again = serverCommand(root);
    expect(again.ran).toEqual([]);
    expect(again.lines).toEqual(['npm run demo: the server is up to date, nothing to build']);
  });

  it('builds nothing after npm start built both, and only the server again for a server change', () => {
    const root = builtProject();
    expect(serverCommand(root).ran).toEqual([]);
    write(root, 'src/server/app.ts', '// changed\n');
    const changed = serverCommand(root);
    expect(changed.ran).toEqual(['build:server']);
    expect(changed.lines).toEqual(['npm run demo: building the server (changed: src/server/app.ts)']);
    expect(decision(root)).toEqual([]);
  });

  it('records nothing for a build that failed, and says its exit status', () => {
    const root = project();
    expect(buildWhatChanged(root, serverOnly(), 'npm run demo', { log: () => {}, run: () => 2 })).toBe(2);
    expect(decision(root)).toEqual(['web: no build of it recorded', 'server: no build of it recorded']);
  });

  it('is how package.json runs them: never npm run build:server of its own', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.demo).toBe('node scripts/server-command.mjs dist/server/server/demo/main.js');
    expect(scripts['check:networks']).toBe('node scripts/server-command.mjs dist/server/server/features/networks-check/main.js');
  });

  it('really: server-command.mjs builds with npm once, then runs the entry without building', () => {
    const root = project();
    for (const script of ['server-command.mjs', 'build-stamp.mjs']) fs.copyFileSync(path.join(import.meta.dirname, script), path.join(root, 'scripts', script));
    // A build:server that writes the entry and counts its runs.
    const build =
      "require('fs').mkdirSync('dist/server/server',{recursive:true});require('fs').appendFileSync('builds','x');require('fs').writeFileSync('dist/server/server/hello.js','console.log(\"hello from the entry\")')";
    write(root, 'package.json', JSON.stringify({ name: 'probe', private: true, scripts: { 'build:server': `node -e "${build.replaceAll('"', '\\"')}"` } }));
    const run = () =>
      execFileSync(process.execPath, ['scripts/server-command.mjs', 'dist/server/server/hello.js'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, npm_lifecycle_event: 'demo' },
      });
    const first = run();
    expect(first).toContain('npm run demo: building the server (no build of it recorded)');
    expect(first).toContain('hello from the entry');
    const second = run();
    expect(second).toContain('npm run demo: the server is up to date, nothing to build');
    expect(second).toContain('hello from the entry');
    expect(fs.readFileSync(path.join(root, 'builds'), 'utf8')).toBe('x');
  }, 30_000);
});

describe('the inputs of this project', () => {
  const projectRoot = path.resolve(import.meta.dirname, '..');
  /** The project's files TypeScript reads for a configuration (no type check: --listFilesOnly), tests aside (tsconfig.web.json checks src/domain's, which no build bundles). */
  function filesCompiledBy(tsconfig: string): string[] {
    const listed = execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--listFilesOnly'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    return listed
      .split('\n')
      .filter((file) => file.startsWith(projectRoot) && !file.includes('/node_modules/') && !/\.test\.tsx?$/.test(file))
      .map((file) => path.relative(projectRoot, file).split(path.sep).join('/'));
  }

  it.each([
    ['server', 'tsconfig.server.json'],
    ['web', 'tsconfig.web.json'],
  ])(
    'the %s build reads every source file of %s',
    (name, tsconfig) => {
      const inputs = Object.keys(readInputs(projectRoot, build(name)));
      const compiled = filesCompiledBy(tsconfig);
      expect(compiled.length).toBeGreaterThan(30);
      expect(compiled.filter((file) => !inputs.includes(file))).toEqual([]);
    },
    60_000,
  );
});
