-- diplo serve, PostgreSQL: saved orders (interfaces.md v3). A side's orders in `pending` are
-- either ready (the v2 "sealed": the phase resolves once every side that owes orders is
-- ready) or saved without being ready (kept for more, used at the deadline). Rows written
-- before this migration were sealed, so they are ready.
-- The games row's `sealed` column keeps bit 0 (White) and bit 1 (Black) for a ready side,
-- as before, and adds bit 2 (White) and bit 3 (Black) for a side whose orders are saved but
-- not ready.

ALTER TABLE pending ADD COLUMN ready BIGINT NOT NULL DEFAULT 1;
