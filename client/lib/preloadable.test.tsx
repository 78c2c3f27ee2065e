import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const page = (Component: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Component name="Ada" />
    </Suspense>,
  );

describe('preloadable', () => {
  it('suspends like React.lazy until loaded, and renders at once after preload()', async () => {
    let loads = 0;
    const Lazy = preloadable<{ name: string }, { default: typeof Greeting; extra: number }>(async () => {
      loads += 1;
      return { default: Greeting, extra: 42 };
    });
    // Not loaded: the server renders the fallback (a boundary the client would have to redo).
    expect(page(Lazy)).toContain('<!--$!-->');
    const module = await Lazy.preload();
    expect(module.extra).toBe(42);
    expect(page(Lazy)).toBe(page(Greeting));
    expect(page(Lazy)).not.toContain('<!--$!-->');
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('asks again after a failed download', async () => {
    let attempt = 0;
    const Flaky = preloadable<{ name: string }, { default: typeof Greeting }>(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Flaky.preload()).rejects.toThrow('offline');
    await Flaky.preload();
    expect(page(Flaky)).toContain('Hello <!-- -->Ada');
  });
});
