import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const serverDir = join(import.meta.dirname, '..', '..', 'server');
/** What `npm run build` bundles into the server's dist/main.js (tsup.config.ts: @lead/* included). */
const bundled = [
  join(serverDir, 'src'),
  join(serverDir, 'package.json'),
  join(serverDir, 'tsup.config.ts'),
  join(serverDir, 'tsconfig.json'),
  join(serverDir, '..', '..', 'tsconfig.base.json'),
  join(serverDir, '..', 'contract', 'src'),
  join(serverDir, '..', 'contract', 'package.json'),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return Infinity;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/**
 * Node's arguments to start the Lead server as its own process: its build, as `npm start` runs it,
 * when that build is newer than every source it bundles (CI builds before it tests); otherwise its
 * sources through tsx, so that a change is tested before anything is built. The build starts a
 * few seconds sooner: tsx compiles the sources at each start.
 */
export function leadServerArgs(): string[] {
  const built = join(serverDir, 'dist', 'main.js');
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(...bundled.map(newestChange)))
    return ['--enable-source-maps', built];
  return ['--import', 'tsx', join(serverDir, 'src', 'main.ts')];
}
