/** Local-storage keys of spec §9. Sign-out clears all of local storage, not only these. */
export const STORAGE_KEYS = {
  language: 'language',
  token: 'token',
  selectedMillId: 'selectedMillId',
  formDirty: 'formDirty',
  pageSize: 'pageSize',
  licenceSearch: 'licenceSearch',
} as const;
