/**
 * @xix/sandbox: untrusted bots compiled with esbuild and run in isolated-vm isolates, inside
 * sandbox host processes that a supervisor can kill. See docs/sandbox.md.
 */
export { compileBot, DEFAULT_MAX_SOURCE_BYTES, type BotSource, type CompiledBot } from './compile.ts';
export { DEFAULT_COMPILE_TIMEOUT_MS } from './bundler.ts';
export { MAX_NESTING, deepestNesting, type Nesting } from './nesting.ts';
export { BUNDLE_GLOBAL } from './bundler.ts';
export { DEFAULT_LIMITS, resolveLimits, type SandboxLimits } from './limits.ts';
export { sandboxedPlayer, type SandboxedPlayerOptions } from './sandboxed-player.ts';
export { checkBot, type BotCheck } from './check.ts';
export { createSandboxPool, type GameProgress, type HostDeath, type PoolOptions, type SandboxPool, type SeriesOutcome } from './supervisor.ts';
export type { BotEntry, HostGame, SeriesJob } from './host/protocol.ts';
