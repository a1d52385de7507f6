import pg from 'pg';

// How the product reads PostgreSQL's values, for every connection of this thread (the server's pool,
// and an export worker's own connection: a worker loads pg afresh and needs them too).

// int8 (counts, sums) arrive as strings by default; they always fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// A calendar date (no time, no zone) stays "YYYY-MM-DD": as a JS Date it would shift with the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
