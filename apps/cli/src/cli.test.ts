/**
 * The `xix` command end to end: each test spawns the real command (through its bin launcher) and
 * checks what a user sees: the output, a one-line error and the exit code.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReplay, verifyReplay, type Replay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, FIRST, runXix, writeBot } from './test/run-xix.ts';

const RANDOM = fileURLToPath(new URL('../../../sdk/examples/xix/random.ts', import.meta.url));
let dir: string;

const xix = (...args: string[]) => runXix(dir, ...args);
const bot = (name: string, source: string): string => writeBot(dir, name, source);

const readReplay = (file: string): Replay => parseReplay(JSON.parse(readFileSync(file, 'utf8')));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-cli-'));
  bot('first.ts', FIRST);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xix play', () => {
  it('plays a mirrored series, prints the table and the win rate, and writes replays that verify', () => {
    const chatty = bot('chatty.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide(view) { console.log('my hand', view.hand.closed.length); return view.legalActions[view.legalActions.length - 1]!; } });\n`);
    const run = xix('play', 'first.ts', chatty, '--games', '6', '--seed', '11', '--replays', 'out');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('first vs chatty: 6 games (3 deals, each played from both seats), seed 11');
    const row = (name: string) => run.stdout.match(new RegExp(`^${name}\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$`, 'm'));
    const [first, other] = [row('first'), row('chatty')];
    expect(Number(first?.[1]) + Number(other?.[1])).toBe(6);
    expect(run.stdout).toMatch(/first win rate: \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%\)/);

    const files = readdirSync(path.join(dir, 'out')).sort();
    expect(files.filter((f) => f.endsWith('.json'))).toEqual(['game-1.json', 'game-2.json', 'game-3.json', 'game-4.json', 'game-5.json', 'game-6.json']);
    const replays = files.filter((f) => f.endsWith('.json')).map((f) => readReplay(path.join(dir, 'out', f)));
    expect(replays.every((r) => verifyReplay(r).ok)).toBe(true);
    // Mirrored: games 1 and 2 share the deal with the seats swapped.
    expect(replays[0]!.setup).toEqual(replays[1]!.setup);
    expect(replays.map((r) => r.seats[0]!.name)).toEqual(['first', 'chatty', 'first', 'chatty', 'first', 'chatty']);
    const wins = replays.filter((r) => r.seats[r.result.winner]!.name === 'first').length;
    expect(Number(first?.[1])).toBe(wins);
    // The bot's console output goes to its log file, not to the terminal or the replay.
    expect(readFileSync(path.join(dir, 'out', 'game-1.log'), 'utf8')).toMatch(/seat 1 \(chatty\):\nmy hand \d/);
    expect(JSON.stringify(replays[0])).not.toContain('my hand');

    const verify = xix('replay', 'verify', ...replays.map((_, i) => `out/game-${i + 1}.json`));
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('verified 6 replays: 6 ok, 0 failed');
  });

  it('is reproducible with --seed, and plays the random house bot', () => {
    const a = xix('play', 'first.ts', RANDOM, '--games', '4', '--seed', '3');
    const b = xix('play', 'first.ts', RANDOM, '--games', '4', '--seed', '3');
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });

  it('reports forfeits (R12) and still finishes', () => {
    const thrower = bot('thrower.ts', `export default { decide() { throw new Error('oops'); } };\n`);
    const run = xix('play', 'first.ts', thrower, '--games', '2', '--seed', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^thrower\s+0\s+\d+\s+2$/m);
    expect(run.stdout).toContain('thrower forfeited (error): decide threw Error: oops');
  });

  it('a bot against itself gets two names', () => {
    const run = xix('play', 'first.ts', 'first.ts', '--games', '2', '--seed', '1');
    expect(run.stdout).toContain('first vs first (2):');
  });
});

describe('bad input: one line, exit code 1', () => {
  it('a missing bot file', () => expectOneLineError(xix('play', 'nope.ts', 'first.ts'), /^xix: no such file: nope\.ts$/));

  it('a bot without decide', () => {
    bot('nodecide.ts', 'export default { think() {} };\n');
    expectOneLineError(xix('play', 'first.ts', 'nodecide.ts'), /^xix: nodecide\.ts is not a bot: its default export needs a decide\(view\) function/);
  });

  it('a bot that does not compile: the compiler message with file:line:column', () => {
    bot('broken.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({\n  decide: (view) => view.legalActions[0]! +* 2,\n});\n`);
    expectOneLineError(xix('play', 'broken.ts', 'first.ts'), /^xix: broken\.ts:3:\d+: error: Unexpected "\*"$/);
  });

  it('a bot that imports something other than the SDK', () => {
    bot('fs.ts', `import { readFileSync } from 'node:fs';\nexport default { decide: () => readFileSync };\n`);
    expectOneLineError(xix('play', 'fs.ts', 'first.ts'), /^xix: fs\.ts:1:\d+: error: Could not resolve "node:fs" \(a bot may import only @xix\/sdk\)$/);
  });

  it('a bot that throws while loading', () => {
    bot('crash.ts', `throw new Error('at load');\nexport default {};\n`);
    expectOneLineError(xix('play', 'crash.ts', 'first.ts'), /^xix: crash\.ts failed to load: at load$/);
  });

  it('an odd or non-numeric --games, a bad --seed', () => {
    expectOneLineError(xix('play', 'first.ts', 'first.ts', '--games', '3'), /^xix: --games must be an even number/);
    expectOneLineError(xix('play', 'first.ts', 'first.ts', '--games', 'ten'), /^xix: --games must be an even number/);
    expectOneLineError(xix('play', 'first.ts', 'first.ts', '--seed', '-4'), /^xix: --seed must be a whole number/);
  });

  it('a replay that is missing, not JSON, or not a replay', () => {
    writeFileSync(path.join(dir, 'garbage.json'), '{ nope');
    writeFileSync(path.join(dir, 'other.json'), '{"hello": "world"}');
    for (const command of ['show', 'verify']) {
      expectOneLineError(xix('replay', command, 'missing.json'), command === 'show' ? /^xix: no such file: missing\.json$/ : /^xix: verified 1 replay: 0 ok, 1 failed$/);
      expectOneLineError(xix('replay', command, 'garbage.json'), command === 'show' ? /^xix: garbage\.json is not JSON: / : /failed$/);
      expectOneLineError(xix('replay', command, 'other.json'), command === 'show' ? /^xix: other\.json is not a replay: "format" must be/ : /failed$/);
    }
    expect(xix('replay', 'verify', 'garbage.json').stdout).toMatch(/^FAILED garbage\.json is not JSON/);
  });

  it('an unknown command (commander adds a usage hint) or a missing bot', () => {
    const unknown = xix('bogus');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.split('\n')[0]).toBe("error: unknown command 'bogus'");
    expect(unknown.stderr).not.toMatch(/^\s+at /m);
    expectOneLineError(xix('play', 'first.ts'), /^xix: play needs two bots \(a \.ts file or a house bot's name each\), or --match DIR$/);
    expectOneLineError(xix('play', 'first.ts', 'random', '--seat', '1=first.ts'), /^xix: --seat goes with --match$/);
  });
});

describe('xix replay', () => {
  it('verify reports the first illegal step of a tampered replay', () => {
    xix('play', 'first.ts', RANDOM, '--games', '2', '--seed', '5', '--replays', 'tamper');
    const replay = readReplay(path.join(dir, 'tamper', 'game-1.json'));
    const moves = replay.moves.map((m, i) => (i === 4 ? { ...m, action: { type: 'pick', card: 1 } } : m));
    writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify({ ...replay, moves }));
    const run = xix('replay', 'verify', 'tamper/game-2.json', 'tampered.json');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAILED tampered\.json: move 5: illegal action \{"type":"pick","card":1\}/m);
    expect(run.stderr.trim()).toBe('xix: verified 2 replays: 1 ok, 1 failed');
  });

  it('show renders the game trick by trick, re-simulated', () => {
    xix('play', 'first.ts', RANDOM, '--games', '2', '--seed', '9', '--replays', 'show');
    const replay = readReplay(path.join(dir, 'show', 'game-1.json'));
    const run = xix('replay', 'show', 'show/game-1.json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const plays = replay.moves.filter((m) => (m.action as { type: string }).type === 'play').length;
    expect(run.stdout.match(/^ {2}trick \d+: /gm)).toHaveLength(plays / 2);
    expect(run.stdout).toMatch(/^Exchange 1: (first|random) leads$/m);
    expect(run.stdout).toMatch(/^ {2}trick 1: \w+ \d+, \w+ \d+ → \w+ takes it(.*); \w+ strike 1/m);
    expect(run.stdout).toMatch(/^ {2}(first|random) wins the exchange: \+\d+ {3}points first \d+, random \d+$/m);
    const [a, b] = replay.result.points;
    expect(run.stdout).toContain(`result: ${replay.seats[replay.result.winner]!.name} wins, first ${a} – random ${b}`);
  });

  it('show says where a replay stops making sense', () => {
    const replay = readReplay(path.join(dir, 'show', 'game-1.json'));
    writeFileSync(path.join(dir, 'short.json'), JSON.stringify({ ...replay, moves: replay.moves.slice(0, 3) }));
    const run = xix('replay', 'show', 'short.json');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('trick 1:');
    expect(run.stderr.trim()).toBe('xix: short.json does not verify: the replay ends before the game does, with no forfeit');
  });

  it('show refuses a replay whose setup is not a deal, in one line', () => {
    const replay = readReplay(path.join(dir, 'show', 'game-1.json'));
    writeFileSync(path.join(dir, 'bad-setup.json'), JSON.stringify({ ...replay, setup: { hands: [] } }));
    expectOneLineError(xix('replay', 'show', 'bad-setup.json'), /^xix: bad-setup\.json has a bad setup: setup\.hands must hold two hands$/);
  });
});
