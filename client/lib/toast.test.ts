import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@common/constants';

// The store is module state: each test imports a fresh copy.
async function freshStore() {
  vi.resetModules();
  return import('./toast');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the last', async () => {
    const store = await freshStore();
    expect(TOAST_LIMIT).toBe(1);
    store.toast({
      title: 'Error',
      description: 'Failed to save recording',
      variant: 'destructive',
    });
    store.toast({ title: 'Upload failed', description: 'Failed to upload recordings' });
    const items = store.peekToasts();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'Upload failed', open: true });
  });

  it('tells subscribers about every change', async () => {
    const store = await freshStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribeToasts(listener);
    store.toast({ title: 'Logged Out' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.toast({ title: 'Success' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('closes a dismissed toast at once and removes it after the remove delay', async () => {
    const store = await freshStore();
    const { id } = store.toast({ title: 'Success', description: 'Logged in successfully!' });
    store.dismissToast(id);
    expect(store.peekToasts()[0]!.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.peekToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.peekToasts()).toHaveLength(0);
  });
});
