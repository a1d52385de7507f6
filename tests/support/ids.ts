/** An id of the right form (a UUID v4) that no row has: what a request for something deleted or never made sends. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
