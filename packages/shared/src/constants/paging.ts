export const PAGE_SIZES = [5, 10, 15, 20, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
