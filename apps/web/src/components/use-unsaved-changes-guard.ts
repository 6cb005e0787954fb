import { useEffect, useId } from 'react';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { writeStorage } from '../lib/local-storage.ts';

/**
 * Forms with unsaved changes, by form. One blocker (UnsavedChangesBlocker, in the layout) asks
 * before leaving, because react-router allows only one blocker at a time and a page may hold
 * several forms (the settings tab has two).
 */
const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

function publish() {
  // Spec §9 keeps a form-dirty flag in local storage for code outside the form.
  writeStorage(STORAGE_KEYS.formDirty, dirtyForms.size > 0 ? 'true' : null);
}

export function markFormsSaved(): void {
  dirtyForms.clear();
  publish();
}

/** Spec §4: registers the form's dirty state so leaving it asks for confirmation. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    publish();
    return () => {
      dirtyForms.delete(id);
      publish();
    };
  }, [dirty, id]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
