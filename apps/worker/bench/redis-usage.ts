/**
 * What a run cost Redis, from INFO before and after: CPU (used_cpu_user + used_cpu_sys, the
 * server's own threads), memory (used_memory), and commands by name (INFO commandstats), so that
 * dividing by the games played gives a game's share.
 */
import type { Redis } from 'ioredis';

export interface RedisSnapshot {
  readonly cpuSeconds: number;
  readonly usedMemory: number;
  /** command name → calls and total µs */
  readonly commands: ReadonlyMap<string, { readonly calls: number; readonly usec: number }>;
}

function fields(info: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of info.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) map.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return map;
}

export async function redisSnapshot(redis: Redis): Promise<RedisSnapshot> {
  const info = fields(await redis.info('all'));
  const commands = new Map<string, { calls: number; usec: number }>();
  for (const [key, value] of info) {
    if (!key.startsWith('cmdstat_')) continue;
    const stat = Object.fromEntries(value.split(',').map((pair) => pair.split('=') as [string, string]));
    commands.set(key.slice('cmdstat_'.length), { calls: Number(stat.calls), usec: Number(stat.usec) });
  }
  return {
    cpuSeconds: Number(info.get('used_cpu_user')) + Number(info.get('used_cpu_sys')),
    usedMemory: Number(info.get('used_memory')),
    commands,
  };
}

export interface RedisCost {
  readonly cpuMsPerGame: number;
  readonly bytesPerGame: number;
  /** Games/s one Redis core could absorb at this CPU per game (1000 / cpuMsPerGame). */
  readonly gamesPerCoreSecond: number;
  /** The commands that took most of Redis's command time, with calls and µs per game. */
  readonly topCommands: readonly { readonly name: string; readonly callsPerGame: number; readonly usecPerGame: number }[];
}

export function redisCost(before: RedisSnapshot, after: RedisSnapshot, games: number): RedisCost {
  const cpuMsPerGame = ((after.cpuSeconds - before.cpuSeconds) * 1000) / games;
  const topCommands = [...after.commands]
    .map(([name, stat]) => {
      const was = before.commands.get(name) ?? { calls: 0, usec: 0 };
      return { name, callsPerGame: (stat.calls - was.calls) / games, usecPerGame: (stat.usec - was.usec) / games };
    })
    .filter((command) => command.callsPerGame > 0)
    .sort((a, b) => b.usecPerGame - a.usecPerGame)
    .slice(0, 8);
  return { cpuMsPerGame, bytesPerGame: (after.usedMemory - before.usedMemory) / games, gamesPerCoreSecond: 1000 / cpuMsPerGame, topCommands };
}
