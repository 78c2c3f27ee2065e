// The app's code, imported by main.tsx once the page the server sent has been painted
// (docs/decisions.md decisions 19 and 65). Evaluating a module graph is one task that nothing can
// interrupt: the whole app's at once held a phone's main thread for a few hundred milliseconds. So it
// is evaluated in steps, the browser free to paint and answer input between them: React, the data
// layer (TanStack Query and the current user), tailwind-merge's class map (built on the first `cn`, which
// would otherwise be in the middle of hydration), the app (shell, router, providers), and then the
// start itself (start.tsx). No step loads zod: the app imports the contracts' values from their zod-free
// modules (`common/contracts/*-values.ts`) and their types with `import type` (decision 67).

/** Lets the browser run what waits (input, a paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once React has a root on the page: a press replayed from then on reaches the app. */
export const started: Promise<void> = (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('./lib/query-client');
  await nextTask();
  (await import('./lib/utils')).cn('p-0', 'p-1');
  await nextTask();
  await import('./app/app');
  await nextTask();
  const { start } = await import('./start');
  await start();
})();
