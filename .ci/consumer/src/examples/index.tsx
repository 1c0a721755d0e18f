import type { ComponentType } from 'react';

/**
 * Every docs page's example. In the repository this list is empty; .ci/consumer-smoke.sh runs
 * extract-examples.mjs, which copies each page's ```tsx example block here before the build.
 */
export const EXAMPLES: Array<{ page: string; Example: ComponentType }> = [];
