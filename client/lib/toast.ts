import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@common/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

// A tiny store outside React so any code (a mutation callback, say) can raise a toast.
let toasts: readonly ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes a toast (all of them without an id); it is removed TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: string): void {
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}

/** Shows a toast; only TOAST_LIMIT (one) is shown at a time, so a new one replaces the last. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) {
    const timer = removalTimers.get(dropped.id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(dropped.id);
  }
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Calls the listener whenever the toasts change; returns the unsubscribe function. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts now, newest first. */
export function peekToasts(): readonly ToastItem[] {
  return toasts;
}

/** The toasts to render, newest first. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribeToasts, peekToasts, peekToasts);
}
