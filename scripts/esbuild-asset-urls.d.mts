import type { Plugin } from 'esbuild';

export const assetUrlsUnused: Plugin;
