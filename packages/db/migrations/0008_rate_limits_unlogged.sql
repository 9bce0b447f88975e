-- Rate-limit counters are written on every limited request and are worth nothing after a crash (the
-- windows are a minute long): no WAL for them. A crash empties the table, which only resets the windows.
ALTER TABLE "rate_limits" SET UNLOGGED;
