import { useSyncExternalStore } from 'react';

/** Fired on this window when we write local storage; the `storage` event only reaches other tabs. */
const CHANGE_EVENT = 'casebridge:local-storage';

export function writeStorage(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearStorage(): void {
  localStorage.clear();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Re-renders when the value under `key` changes, in this tab or another. */
export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(key),
    () => null,
  );
}
