-- diplo serve, PostgreSQL: games as rows, an append-only log of what was played, sealed orders.
-- Times are milliseconds since the Unix epoch; tokens and invites are SHA-256 hashes (hex).

CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    options         TEXT NOT NULL,
    start_position  TEXT,
    status          TEXT NOT NULL,
    version         BIGINT NOT NULL DEFAULT 0,
    stamp           BIGINT NOT NULL DEFAULT 0,
    white_player    TEXT NOT NULL,
    black_player    TEXT NOT NULL,
    white_token     TEXT,
    black_token     TEXT,
    invite          TEXT,
    open            BIGINT NOT NULL DEFAULT 0,
    clock_kind      TEXT,
    clock_ms        BIGINT,
    increment_ms    BIGINT,
    white_ms        BIGINT,
    black_ms        BIGINT,
    turn_started_ms BIGINT,
    deadline_ms     BIGINT,
    sealed          BIGINT NOT NULL DEFAULT 0,
    engine_due      BIGINT NOT NULL DEFAULT 0,
    result          TEXT,
    reason          TEXT,
    rematch         TEXT,
    created_ms      BIGINT NOT NULL,
    updated_ms      BIGINT NOT NULL
);

CREATE INDEX games_deadline ON games (deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE INDEX games_engine_due ON games (updated_ms) WHERE engine_due <> 0;
CREATE INDEX games_lobby ON games (status, updated_ms);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL,
    kind    TEXT NOT NULL,
    side    TEXT,
    body    TEXT NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE pending (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side    TEXT NOT NULL,
    version BIGINT NOT NULL,
    orders  TEXT NOT NULL,
    PRIMARY KEY (game_id, side)
);
