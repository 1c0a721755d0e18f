import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from './paths.js';

/** The built admin beside this package (packages/admin/dist), when it exists. */
export function resolveAdminDist(): string | null {
  const dist = resolve(packageRoot(), '..', 'admin', 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : null;
}
