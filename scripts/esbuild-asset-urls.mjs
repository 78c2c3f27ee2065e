/**
 * An esbuild plugin for bundles that run the app's code outside Vite (the prerender, the browser
 * tests' page scripts): Vite's `?url` imports (the pose model's files, issue 19) name files the
 * browser fetches only when a member turns pose on, so there each is an empty string.
 */
export const assetUrlsUnused = {
  name: 'asset-urls-unused',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({ contents: "export default '';" }));
  },
};
