/**
 * The grid's business constants (spec section 9), in one place so tests and screens share them.
 * Its page sizes are core's (rules/grid-pages.ts): the servers' grids accept the same.
 */

export const COLUMN_FILTER_DEBOUNCE_MS = 1000;

export const COLUMN_WIDTH_PER_CHARACTER = 10;
export const MIN_COLUMN_WIDTH = 100;
export const CHECKBOX_COLUMN_WIDTH = 50;
/** How far one arrow key press moves a column edge when resizing from the keyboard. */
export const KEYBOARD_RESIZE_STEP = 10;

export const GRID_EMPTY_MESSAGE = 'No results';

/** Pages longer than this scroll inside the grid and render only the rows in view. */
export const GRID_VIRTUALIZE_ABOVE_ROWS = 100;
/** A row with a badge or a small button; rows are measured once drawn. */
export const GRID_ESTIMATED_ROW_HEIGHT = 45;
export const GRID_VIRTUAL_OVERSCAN = 8;
