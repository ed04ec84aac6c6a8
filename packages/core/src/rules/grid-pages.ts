/** The shared grid's page sizes (main-app §9): the page offers them and the servers' grids accept only them. */
export const GRID_PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
export const DEFAULT_GRID_PAGE_SIZE = 25;
