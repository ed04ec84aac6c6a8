/** The virtual table's constants (websync spec section 9). */

export const VIRTUAL_ROW_HEIGHT = 60;
export const VIRTUAL_OVERSCAN = 1;
/** Details are asked for in batches of at least this many ids, so scrolling makes few requests. */
export const DETAILS_BATCH_SIZE = 20;
export const VIRTUAL_DEFAULT_COLUMN_WIDTH = 100;
export const VIRTUAL_CHECKBOX_COLUMN_WIDTH = 50;
/** Fixed, because the row positions are computed from it; the stylesheet does not set it. */
export const VIRTUAL_HEADER_HEIGHT = 44;
export const VIRTUAL_EMPTY_MESSAGE = 'No results';
