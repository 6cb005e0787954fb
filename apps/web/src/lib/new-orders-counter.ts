import { useSyncExternalStore } from 'react';

/**
 * Spec §4: an accepted new-project event raises a counter the orders page shows until the list
 * is refreshed. Kept here because the live connection (notifications) and the orders page are
 * different features.
 */
let count = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function raiseNewOrders(): void {
  count += 1;
  emit();
}

export function resetNewOrders(): void {
  if (count === 0) return;
  count = 0;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewOrdersCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}
