/**
 * `xix play` for scripts and CI, end to end: each test spawns the real command and checks what a
 * user or a script sees (stdout, one line on stderr, the exit status, the replay folder).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES, parseReplay, verifyReplay, type Replay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));
let dir: string;

type Run = { code: number | null; stdout: string; stderr: string };

function xix(...args: string[]): Run {
  const run = spawnSync(process.execPath, ['--no-node-snapshot', MAIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function bot(name: string, decide: string, before = ''): string {
  writeFileSync(path.join(dir, name), `import { defineXixBot } from '@xix/sdk';\n${before}\nexport default defineXixBot({ decide(view) { ${decide} } });\n`);
  return name;
}

function expectOneLineError(run: Run, pattern: RegExp): void {
  expect(run.code).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

const row = (stdout: string, name: string): number[] => {
  const match = stdout.match(new RegExp(`^${name}\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$`, 'm'));
  expect(match, `a row for ${name} in:\n${stdout}`).not.toBeNull();
  return match!.slice(1).map(Number);
};

/** A replay without its timings (they differ from run to run). */
const timeless = (replay: Replay): unknown => ({ ...replay, moves: replay.moves.map((m) => ({ seat: m.seat, action: m.action })) });
const readReplay = (file: string): Replay => parseReplay(JSON.parse(readFileSync(file, 'utf8')));
const tsv = (folder: string): string[][] => readFileSync(path.join(dir, folder, 'index.tsv'), 'utf8').replace(/\n$/, '').split('\n').map((line) => line.split('\t'));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-play-'));
  bot('first.ts', 'return view.legalActions[0]!;');
  bot('thrower.ts', "throw new Error('oops');");
  // Busy for a moment at each decision, so a series of it lasts long enough to interrupt.
  bot('slow.ts', 'for (let i = 0; i < 300_000; i++) sink += i; return view.legalActions[sink % view.legalActions.length]!;', 'let sink = 0;');
  // The two runaway bots of issue 8: a cache that only grows, and one huge array.
  bot('leak.ts', 'for (let i = 0; i < 100_000; i++) cache.set(cache.size, [cache.size, 1, 2, 3]); return view.legalActions[0]!;', 'const cache = new Map<number, number[]>();');
  bot('huge.ts', 'const a = new Array(2 ** 28).fill(0); return view.legalActions[a.length % 2]!;');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xix play runs sandboxed bots in sandbox host processes', () => {
  it.each([
    ['huge.ts', 4],
    ['leak.ts', 2],
  ])('%s: a memory bomb forfeits with verdict memory, the series goes on, this command stays small', async (name, games) => {
    // The command's own peak memory (VmHWM: not its host processes'), read while it runs.
    const child = spawn(process.execPath, ['--no-node-snapshot', MAIN, 'play', name, 'random', '--games', String(games), '--seed', '1'], { cwd: dir });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    let peakKb = 0;
    const watch = setInterval(() => {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(safeRead(`/proc/${child.pid}/status`));
      if (hwm !== null) peakKb = Math.max(peakKb, Number(hwm[1]));
    }, 20);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(watch);
    expect(code).toBe(3);
    const bomb = name.replace('.ts', '');
    expect(row(stdout, bomb)).toEqual([0, expect.any(Number), games]);
    expect(stdout.match(new RegExp(`^game \\d: ${bomb} forfeited \\(memory\\): `, 'gm'))).toHaveLength(Math.min(games, 3));
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(400 * 1024);
  }, 180_000);

  it('--jobs N plays the same games as one host, reported in game order; --trusted plays them too', () => {
    const one = xix('play', 'heuristic', 'random', '--games', '10', '--seed', '21', '--replays', 'jobs-1');
    const three = xix('play', 'heuristic', 'random', '--games', '10', '--seed', '21', '--replays', 'jobs-3', '--jobs', '3');
    const trusted = xix('play', 'heuristic', 'random', '--games', '10', '--seed', '21', '--trusted');
    expect(one.code).toBe(0);
    expect(three.stdout.replaceAll('jobs-3', 'jobs-1')).toBe(one.stdout);
    expect(trusted.stdout.trimEnd()).toBe(one.stdout.split('\nreplays:')[0]);
    const files = readdirSync(path.join(dir, 'jobs-1')).filter((f) => f.endsWith('.json')).sort();
    expect(files).toHaveLength(10);
    for (const file of files) expect(timeless(readReplay(path.join(dir, 'jobs-3', file)))).toEqual(timeless(readReplay(path.join(dir, 'jobs-1', file))));
    expect(tsv('jobs-3')).toEqual(tsv('jobs-1'));
    expect(tsv('jobs-3').slice(1).map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expectOneLineError(xix('play', 'heuristic', 'random', '--trusted', '--jobs', '2'), /^xix: --jobs needs the sandbox/);
  });

  it('a bot that cannot load is bad input, said once, even from a host', () => {
    writeFileSync(path.join(dir, 'nodecide.ts'), 'export default { think() {} };\n');
    expectOneLineError(xix('play', 'first.ts', 'nodecide.ts', '--games', '4', '--jobs', '2'), /^xix: nodecide\.ts is not a bot: its default export needs a decide\(view\) function/);
  });
});

describe('bots by name', () => {
  it('the house bots answer to their names; a file path still works', () => {
    const run = xix('play', 'first.ts', 'search', '--games', '2', '--seed', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('first vs search: 2 games');
    expect(xix('play', path.join(dir, 'first.ts'), 'heuristic', '--games', '2', '--seed', '1').stdout).toContain('first vs heuristic: 2 games');
  });

  it('says what is wrong with what was given as a bot, in one line', () => {
    expectOneLineError(xix('play', 'first.ts', 'herustic'), /^xix: no bot named herustic: not a file, nor a house bot of xix \(random, heuristic, search\)$/);
    mkdirSync(path.join(dir, 'a-folder'), { recursive: true });
    expectOneLineError(xix('play', 'a-folder', 'random'), /^xix: a-folder is a directory, not a bot file/);
    writeFileSync(path.join(dir, 'package.json'), '{}\n');
    expectOneLineError(xix('play', 'package.json', 'random'), /^xix: package\.json is not a TypeScript file/);
    expectOneLineError(xix('play', 'missing.ts', 'random'), /^xix: no such file: missing\.ts$/);
  });
});

describe('the replays folder', () => {
  it('writes an index of every game: who sat where, who won, points, forfeit, file', () => {
    const run = xix('play', 'first.ts', 'random', '--games', '4', '--seed', '3', '--replays', 'indexed/');
    expect(run.code).toBe(0);
    // issue 17 item 7: a folder given with its slash is not named out//index.md
    expect(run.stdout).toContain(`replays: 4 files in indexed/ (index: ${path.join('indexed', 'index.md')}, index.tsv)`);
    const [header, ...rows] = tsv('indexed');
    expect(header).toEqual(['game', 'seat 0', 'seat 1', 'winner', 'points 0', 'points 1', 'forfeit by', 'verdict', 'file']);
    expect(rows).toHaveLength(4);
    for (const [game, seat0, seat1, winner, points0, points1, forfeitBy, verdict, file] of rows) {
      const replay = readReplay(path.join(dir, 'indexed', file!));
      expect(file).toBe(`game-${game}.json`);
      expect([seat0, seat1]).toEqual(replay.seats.map((s) => s.name));
      expect(winner).toBe(replay.seats[replay.result.winner]!.name);
      expect([points0, points1].map(Number)).toEqual(replay.result.points);
      expect([forfeitBy, verdict]).toEqual(['', '']);
    }
    expect(readFileSync(path.join(dir, 'indexed', 'index.md'), 'utf8')).toMatch(/^\| 1 \| first \| random \| (first|random) \| \d+ \| \d+ \| — \| — \| game-1\.json \|$/m);
  });

  it('--only-losses keeps the games the first bot lost; --only-forfeits the games with a forfeit', () => {
    const run = xix('play', 'heuristic', 'random', '--games', '10', '--seed', '21', '--replays', 'losses', '--only-losses');
    expect(run.code).toBe(0);
    const rows = tsv('losses').slice(1);
    expect(rows).toHaveLength(10);
    const lost = rows.filter((r) => r[3] !== 'heuristic');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThan(10);
    expect(rows.filter((r) => r[8] !== '').map((r) => r[0])).toEqual(lost.map((r) => r[0]));
    expect(readdirSync(path.join(dir, 'losses')).filter((f) => f.endsWith('.json'))).toHaveLength(lost.length);
    expect(run.stdout).toContain(`replays: ${lost.length} files in losses`);

    const forfeits = xix('play', 'first.ts', 'thrower.ts', '--games', '4', '--seed', '5', '--replays', 'forfeits', '--only-forfeits', '--only-losses');
    expect(forfeits.code).toBe(0);
    // The thrower (B) forfeits every game, so first never lost: the filters together keep none.
    expect(readdirSync(path.join(dir, 'forfeits')).filter((f) => f.endsWith('.json'))).toEqual([]);
    expect(tsv('forfeits').slice(1).map((r) => [r[6], r[7]])).toEqual(Array(4).fill(['thrower', 'error']));
  });

  it('refuses a folder that holds replays unless --overwrite, and a file, in one line', () => {
    expect(xix('play', 'first.ts', 'random', '--games', '4', '--seed', '1', '--replays', 'again').code).toBe(0);
    expectOneLineError(xix('play', 'first.ts', 'random', '--games', '2', '--replays', 'again'), /^xix: again already holds replays \(\d+ files\): choose another folder, or add --overwrite/);
    expect(readdirSync(path.join(dir, 'again')).filter((f) => f.endsWith('.json'))).toHaveLength(4);
    const over = xix('play', 'first.ts', 'random', '--games', '2', '--seed', '1', '--replays', 'again', '--overwrite');
    expect(over.code).toBe(0);
    expect(readdirSync(path.join(dir, 'again')).filter((f) => f.endsWith('.json')).sort()).toEqual(['game-1.json', 'game-2.json']);
    writeFileSync(path.join(dir, 'a-file'), 'x');
    expectOneLineError(xix('play', 'first.ts', 'random', '--replays', 'a-file'), /^xix: --replays a-file is a file, not a folder/);
    expectOneLineError(xix('play', 'first.ts', 'random', '--replays', 'a-file/sub'), /^xix: cannot create the folder a-file\/sub: a-file is a file$/);
    expectOneLineError(xix('play', 'first.ts', 'random', '--only-losses'), /^xix: --only-losses goes with --replays DIR$/);
  });
});

describe('for scripts and CI', () => {
  it('the exit status is 3 when the bot under test (the first) forfeited, 0 when only its opponent did', () => {
    const a = xix('play', 'thrower.ts', 'first.ts', '--games', '2', '--seed', '1');
    expect(a.code).toBe(3);
    expect(a.stderr).toBe('');
    expect(row(a.stdout, 'thrower')).toEqual([0, expect.any(Number), 2]);
    expect(xix('play', 'first.ts', 'thrower.ts', '--games', '2', '--seed', '1').code).toBe(0);
    expect(xix('play', 'first.ts', 'thrower.ts', '--games', '2', '--seed', '1', '--fail-on-forfeit', 'any').code).toBe(3);
    expect(xix('play', 'thrower.ts', 'first.ts', '--games', '2', '--seed', '1', '--fail-on-forfeit', 'none').code).toBe(0);
    expectOneLineError(xix('play', 'thrower.ts', 'first.ts', '--fail-on-forfeit', 'B'), /^xix: --fail-on-forfeit must be one of first, any, none, got B$/);
  });

  it('--max-forfeits N stops the series early', () => {
    for (const jobs of ['1', '2']) {
      const run = xix('play', 'thrower.ts', 'first.ts', '--games', '40', '--seed', '1', '--max-forfeits', '3', '--jobs', jobs);
      expect(run.code).toBe(3);
      expect(run.stdout).toMatch(/^stopped after 3 of 40 games: 3 forfeits reached \(--max-forfeits\)$/m);
      expect(row(run.stdout, 'thrower')).toEqual([0, expect.any(Number), 3]);
    }
  });

  it('off a terminal, progress is a line now and then; Ctrl-C sums up the games so far and exits 130', async () => {
    const child = spawn(process.execPath, ['--no-node-snapshot', MAIN, 'play', 'slow.ts', 'random', '--games', '200', '--seed', '1'], { cwd: dir });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Once only: a second Ctrl-C ends the command at once, as it should.
      if (stderr.includes('\n') && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr.split('\n')[0]).toMatch(/^slow vs random: \d+\/200 games, slow won \d+, forfeits 0–0$/);
    expect(code).toBe(130);
    const played = Number(/^interrupted: (\d+) of 200 games played$/m.exec(stdout)?.[1]);
    expect(played).toBeGreaterThan(0);
    expect(played).toBeLessThan(200);
    const [wins] = row(stdout, 'slow');
    expect(wins! + row(stdout, 'random')[0]!).toBe(played);
  });

  it('--version prints the version of apps/cli/package.json', () => {
    const run = xix('--version');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe((JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string }).version);
  });

  it('--help tells the exit statuses and who is under test', () => {
    const help = xix('play', '--help').stdout;
    expect(help).toContain('the bot under test');
    expect(help).toMatch(/3 a watched bot forfeited/);
    expect(help).toContain('130 interrupted');
  });
});

function safeRead(file: string): string {
  try {
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  } catch {
    return '';
  }
}

// verifyReplay: the replays a split series writes are replays of the engine.
describe('replays of a split series verify', () => {
  it('every file of a --jobs 2 series re-simulates', () => {
    expect(xix('play', 'first.ts', 'random', '--games', '6', '--seed', '8', '--jobs', '2', '--replays', 'split').code).toBe(0);
    const files = readdirSync(path.join(dir, 'split')).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(6);
    expect(files.every((f) => verifyReplay(readReplay(path.join(dir, 'split', f))).ok)).toBe(true);
  });
});

describe('xix play --game 1923: more than two bots, each deal once per seat rotation', () => {
  /** A 1923 bot (hit or lock) written into the test folder; its decide body sees `view`. */
  const bot1923 = (name: string, decide: string): string => {
    writeFileSync(path.join(dir, name), `export default { decide(view: { seat: number; legalActions: { type: 'hit' | 'lock' }[] }) { ${decide} } };\n`);
    return name;
  };
  /** avg place, its interval, wins, points, forfeits of a bot's row. */
  const row1923 = (stdout: string, name: string): number[] => {
    const match = stdout.match(new RegExp(`^${name}\\s+(\\d\\.\\d\\d)\\s+(\\d\\.\\d\\d)–(\\d\\.\\d\\d)\\s+([\\d.]+)\\s+(\\d+)\\s+(\\d+)$`, 'm'));
    expect(match, `a row for ${name} in:\n${stdout}`).not.toBeNull();
    return match!.slice(1).map(Number);
  };

  beforeAll(() => {
    bot1923('hitter.ts', "return view.legalActions.find((a) => a.type === 'hit') ?? view.legalActions[0]!;");
    bot1923('locker.ts', "return view.legalActions.find((a) => a.type === 'lock') ?? view.legalActions[0]!;");
    bot1923('coin.ts', 'return view.legalActions[Math.floor(Math.random() * view.legalActions.length)]!;');
    bot1923('bad1923.ts', "return { type: 'stand' } as never;");
  });

  it('3 bots: each bot\'s average place with its interval, wins and points; every replay verifies', () => {
    const run = xix('play', '--game', '1923', 'locker.ts', 'hitter.ts', 'coin.ts', '--games', '12', '--seed', '3', '--replays', 'table-3');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('locker vs hitter vs coin: 12 games (4 deals, each played once per seat rotation), seed 3');
    const rows = ['locker', 'hitter', 'coin'].map((name) => row1923(run.stdout, name));
    const tsvRows = tsv('table-3');
    expect(tsvRows[0]).toEqual(['game', 'seat 0', 'seat 1', 'seat 2', 'winner', 'points 0', 'points 1', 'points 2', 'forfeit by', 'verdict', 'file']);
    const replays = tsvRows.slice(1).map((r) => readReplay(path.join(dir, 'table-3', r[10]!)));
    expect(replays.every((replay) => verifyReplay(replay).ok)).toBe(true);
    // Each deal once per rotation: the same setup three times, each bot once in each seat.
    for (let deal = 0; deal < 4; deal++) {
      const games = replays.slice(3 * deal, 3 * deal + 3);
      expect(games.map((r) => r.seed)).toEqual([3 + deal, 3 + deal, 3 + deal]);
      expect(games.map((r) => r.seats.map((s) => s.name))).toEqual([['locker', 'hitter', 'coin'], ['coin', 'locker', 'hitter'], ['hitter', 'coin', 'locker']]);
    }
    // The figures are those of the replays, bot by bot whatever its seat.
    ['locker', 'hitter', 'coin'].forEach((name, bot) => {
      const places = replays.map((r) => r.result.ranks![r.seats.findIndex((s) => s.name === name)]!);
      const [average, low, high, wins, points, forfeits] = rows[bot]!;
      expect(average).toBeCloseTo(places.reduce((a, b) => a + b, 0) / 12, 2);
      expect(low).toBeLessThanOrEqual(average!);
      expect(high).toBeGreaterThanOrEqual(average!);
      const shares = replays.map((r) => (r.result.ranks![r.seats.findIndex((s) => s.name === name)] === 1 ? 1 / r.result.ranks!.filter((p) => p === 1).length : 0));
      expect(wins).toBeCloseTo(shares.reduce((a, b) => a + b, 0), 2);
      expect(points).toBe(replays.reduce((sum, r) => sum + r.result.points[r.seats.findIndex((s) => s.name === name)]!, 0));
      expect(forfeits).toBe(0);
    });
    expect(run.stdout).toContain('95% CI: of the average place');
  });

  it('exits 3 when the bot under test forfeits; a count the game does not seat or a --games off the rotations is bad input', () => {
    const run = xix('play', '--game', '1923', 'bad1923.ts', 'locker.ts', 'hitter.ts', '--games', '3', '--seed', '1');
    expect(run.code).toBe(3);
    expect(row1923(run.stdout, 'bad1923').slice(3)).toEqual([0, 0, 3]);
    expect(run.stdout).toMatch(/^game 1: bad1923 forfeited \(illegal\): /m);
    // House bots are the game's own (sdk/examples/1923/).
    const bundled = xix('play', '--game', '1923', 'locker.ts', 'random', 'heuristic', '--games', '3', '--seed', '2', '--replays', 'bundled-1923');
    expect(bundled.code).toBe(0);
    expect(readReplay(path.join(dir, 'bundled-1923', 'game-1.json')).seats.map((s) => s.name)).toEqual(['locker', 'random', 'heuristic']);
    expectOneLineError(xix('play', '--game', '1923', 'locker.ts', 'hitter.ts', 'coin.ts', '--games', '10'), /^xix: --games must be a multiple of 3 \(each deal is played once per seat rotation/);
    expectOneLineError(xix('play', 'first.ts', 'first.ts', 'first.ts'), /^xix: xix is played by 2 entrants, not 3$/);
    expectOneLineError(xix('play', '--game', 'chess', 'first.ts', 'first.ts'), new RegExp(`^xix: --game must be one of ${[...GAMES.keys()].join(', ')}, got chess$`));
  });
});

describe('xix play --game nineteen --seats 4: two bots in partnerships (issue 18)', () => {
  const LEAKER = fileURLToPath(new URL('../../sandbox/test/fixtures/partner-leak.ts', import.meta.url));

  it('plays the deal twice, sides swapped, each seat of a side in a sandbox of its own: the partner-leak bot finds nothing', () => {
    const run = xix('play', '--game', 'nineteen', '--seats', '4', LEAKER, LEAKER, '--games', '2', '--seed', '3', '--replays', 'partners');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('partner-leak vs partner-leak (2): 2 games (1 deal, each played from both sides), seed 3');
    const replays = ['game-1.json', 'game-2.json'].map((file) => readReplay(path.join(dir, 'partners', file)));
    expect(replays.map((r) => r.seats.map((s) => s.name))).toEqual([
      ['partner-leak', 'partner-leak (2)', 'partner-leak', 'partner-leak (2)'],
      ['partner-leak (2)', 'partner-leak', 'partner-leak (2)', 'partner-leak'],
    ]);
    for (const replay of replays) {
      expect(replay.forfeit).toBeNull();
      expect(verifyReplay(replay)).toMatchObject({ ok: true });
    }
    // a side's pooled score counts once a game: A's points are its side's in each game
    const points = /^partner-leak\s+\d+\s+(-?\d+)\s+\d+$/m.exec(run.stdout)?.[1];
    expect(Number(points)).toBe(replays[0]!.result.points[0]! + replays[1]!.result.points[1]!);
    expectOneLineError(xix('play', '--game', 'nineteen', '--seats', '4', 'first.ts', 'first.ts', 'first.ts'), /^xix: a table of 4 seats of nineteen seats 2 entrants, not 3$/);
    expectOneLineError(xix('play', '--game', 'nineteen', '--seats', 'four', 'first.ts', 'first.ts'), /^xix: --seats must be a whole number from 1 to \d+, got four$/);
  });
});
