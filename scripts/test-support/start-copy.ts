import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const project = path.resolve(import.meta.dirname, '../..');

/**
 * A copy of package.json and the start's scripts in a temporary folder, for running `npm start` as npm
 * runs it without a real build: its dist/web holds an index page, and its dist/server/server/main.js
 * loads this tree's src/server/main.ts through tsx. `editPackage` changes the copy's package.json (a
 * stand-in build script). The caller records which builds are up to date, and removes the folder.
 */
export function copyForStart(prefix: string, editPackage: (packageJson: { scripts: Record<string, string> }) => void = () => {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(root, 'scripts'));
  for (const file of ['scripts/start.mjs', 'scripts/build-stamp.mjs']) fs.copyFileSync(path.join(project, file), path.join(root, file));
  const packageJson = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  editPackage(packageJson);
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(packageJson, null, 2));
  fs.mkdirSync(path.join(root, 'dist/web'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/web/index.html'), '<!doctype html>');
  fs.mkdirSync(path.join(root, 'dist/server/server'), { recursive: true });
  const tsx = pathToFileURL(path.join(project, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  const main = pathToFileURL(path.join(project, 'src/server/main.ts')).href;
  fs.writeFileSync(
    path.join(root, 'dist/server/server/main.js'),
    `const { register } = await import(${JSON.stringify(tsx)});\nregister();\nawait import(${JSON.stringify(main)});\n`,
  );
  return root;
}
