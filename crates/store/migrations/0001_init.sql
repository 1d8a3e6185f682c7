-- Cairn's store on PostgreSQL, schema version 1. The trees of the sled
-- backend, with the same keys and bytes, so `cairn db copy` is exact.

-- One record per channel (`platform:channel`), changed by compare-and-swap
-- on `version` (UPDATE ... WHERE version = $seen; zero rows: decide again).
CREATE TABLE channels (
    key BYTEA PRIMARY KEY,
    value BYTEA NOT NULL,
    version BIGINT NOT NULL
);

-- Every other tree: archive, quarantine, deadlines (sled's key layout
-- `platform NUL due(20 digits) NUL channel`, so a range scan by key is a
-- scan by time), users, servers, ratings, places.
CREATE TABLE entries (
    tree TEXT NOT NULL,
    key BYTEA NOT NULL,
    value BYTEA NOT NULL,
    PRIMARY KEY (tree, key)
);

-- The players of each channel's game, behind `games` (kept in the same
-- transaction as the record).
CREATE TABLE players (
    user_id TEXT NOT NULL,
    channel BYTEA NOT NULL,
    PRIMARY KEY (user_id, channel)
);
CREATE INDEX players_by_channel ON players (channel);

-- The players of each archived game, for a player's finished games.
CREATE TABLE archive_players (
    user_id TEXT NOT NULL,
    key BYTEA NOT NULL,
    PRIMARY KEY (user_id, key)
);
