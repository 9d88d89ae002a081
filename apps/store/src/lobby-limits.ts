/** Entries kept in the lobby stream (its own module: broadcast-holds.ts publishes to the lobby too, and live.ts reads its Lua). */
export const LOBBY_STREAM_MAX = 10_000;
