/**
 * Studying a loss: `xix replay show FILE --seat N` (the game as seat N saw it, R11, beside what
 * its bot printed) and `xix replay rerun FILE BOT --move K` (what a bot answers now at move K,
 * rebuilt with its seed and its earlier decisions, in this process or in the sandbox).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseReplay, type Replay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST, expectOneLineError, runXix, writeBot } from './test/run-xix.ts';

let dir: string;
let replay: Replay;
const xix = (...args: string[]) => runXix(dir, ...args);

/** Uses Math.random (seeded by the sandbox from the bot's seed) and says what it picked. */
const DICE = `import { defineXixBot } from '@xix/sdk';
export default defineXixBot({
  decide(view) {
    const i = Math.floor(Math.random() * view.legalActions.length);
    console.log('dice', i, 'of', view.legalActions.length);
    return view.legalActions[i]!;
  },
});
`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-replay-tools-'));
  writeBot(dir, 'dice.ts', DICE);
  writeBot(dir, 'first.ts', FIRST);
  writeBot(dir, 'wild.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: () => ({ type: 'play', card: 99 }) as never });\n`);
  const play = xix('play', 'dice.ts', 'first.ts', '--games', '2', '--seed', '4', '--replays', 'out');
  expect(play.code).toBe(0);
  replay = parseReplay(JSON.parse(readFileSync(path.join(dir, 'out', 'game-1.json'), 'utf8')));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const movesOf = (seat: number): number[] => replay.moves.flatMap((m, i) => (m.seat === seat ? [i + 1] : []));

describe('xix replay show --seat', () => {
  it("shows the seat's own moves with its views and its bot's output, never the other hand (R11)", () => {
    const run = xix('replay', 'show', 'out/game-1.json', '--seat', '0');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const setup = replay.setup as { hands: number[][]; discard: number };
    const own = [...setup.hands[0]!].sort((a, b) => a - b).join(' ');
    const other = [...setup.hands[1]!].sort((a, b) => a - b).join(' ');
    const first = movesOf(0)[0]!;
    expect(run.stdout).toContain(`move ${first}: exchange 1, trick 1, play; you hold ${own}`);
    // Every move of seat 0, and only those, is shown as a decision.
    const shown = [...run.stdout.matchAll(/^move (\d+): exchange/gm)].map((m) => Number(m[1]));
    expect(shown).toEqual(movesOf(0));
    // What the bot printed at its first move, beside it.
    expect(run.stdout).toMatch(new RegExp(`^move ${first}: [^]*?\\n {2}→ play \\d+ {3}\\(6 legal: [^\\n]*\\)\\n {2}\\| dice \\d of 6\\n`, 'm'));
    // The whole deal is not there: neither the other hand nor the discard.
    expect(run.stdout).not.toContain(other);
    expect(run.stdout).not.toMatch(/discard/i);
    const full = xix('replay', 'show', 'out/game-1.json');
    expect(full.stdout).toContain(`closed ${other}`);
  });

  it('says in one line that a folder or a missing file is not a replay', () => {
    expectOneLineError(xix('replay', 'show', 'out', '--seat', '0'), /^xix: out is a folder: give one replay file in it \(e\.g\. out\/game-1\.json\)$/);
    expectOneLineError(xix('replay', 'show', 'out/none.json', '--seat', '0'), /^xix: no such file: out\/none\.json$/);
    expectOneLineError(xix('replay', 'show', 'out/game-1.json', '--seat', '2'), /^xix: --seat must be a seat of this game: 0 to 1, got 2$/);
  });
});

describe('xix replay rerun', () => {
  it('rebuilds a bot that uses Math.random to where it was: it answers as it did, in this process and in the sandbox', () => {
    const last = movesOf(0).at(-1)!;
    const then = replay.moves[last - 1]!.action as { type: string; card?: number };
    const answered = then.card === undefined ? then.type : `${then.type} ${then.card}`;
    for (const sandbox of [[], ['--sandbox']]) {
      const run = xix('replay', 'rerun', 'out/game-1.json', 'dice.ts', '--move', String(last), ...sandbox);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`out/game-1.json, move ${last}: seat 0 (dice) to move`);
      expect(run.stdout).toContain(`then: dice answered ${answered}`);
      expect(run.stdout).toMatch(new RegExp(`now: {2}dice answers ${answered} \\(legal\\)\\n {2}\\| dice \\d+ of \\d+`));
      expect(run.stdout).toContain(`shown this seat's ${movesOf(0).length - 1} earlier decisions of the game, so that its state and Math.random are as they were)`);
    }
  });

  it('asks another bot, a house bot by name, and says when an answer is illegal', () => {
    const k = movesOf(1)[0]!;
    const heuristic = xix('replay', 'rerun', 'out/game-1.json', 'heuristic', '--move', String(k));
    expect(heuristic.code).toBe(0);
    expect(heuristic.stdout).toMatch(/now: {2}heuristic answers play \d+ \(legal\)/);
    const wild = xix('replay', 'rerun', 'out/game-1.json', 'wild.ts', '--move', String(k));
    expect(wild.stdout).toMatch(/now: {2}wild answers play 99 \(ILLEGAL: /);
  });

  it('asks again for the decision a bot forfeited, the move after the last', () => {
    writeBot(dir, 'fragile.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide(view) { if (view.phase === 'draft') throw new Error('drafts are hard'); return view.legalActions[0]!; } });\n`);
    expect(xix('play', 'fragile.ts', 'first.ts', '--games', '2', '--seed', '4', '--replays', 'lost', '--fail-on-forfeit', 'none').code).toBe(0);
    const lost = parseReplay(JSON.parse(readFileSync(path.join(dir, 'lost', 'game-1.json'), 'utf8')));
    expect(lost.forfeit).toMatchObject({ verdict: 'error' });
    const k = lost.moves.length + 1;
    const run = xix('replay', 'rerun', 'lost/game-1.json', 'first.ts', '--move', String(k));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`lost/game-1.json, move ${k}: seat ${lost.forfeit!.seat} (fragile) to move`);
    expect(run.stdout).toMatch(/then: fragile answered nothing: it forfeited \(error\): .*drafts are hard/);
    expect(run.stdout).toMatch(/now: {2}first answers pick \d+ \(legal\)/);
    const again = xix('replay', 'rerun', 'lost/game-1.json', 'fragile.ts', '--move', String(k));
    expect(again.stdout).toMatch(/now: {2}fragile fails \(error\): .*drafts are hard/);
  });

  it('refuses a move that is not in the replay', () => {
    expectOneLineError(xix('replay', 'rerun', 'out/game-1.json', 'first.ts', '--move', '0'), /^xix: --move must be a move of this replay: 1 to \d+, got 0$/);
    expectOneLineError(xix('replay', 'rerun', 'out', 'first.ts', '--move', '1'), /^xix: out is a folder/);
  });
});
