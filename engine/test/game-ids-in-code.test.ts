/**
 * Issue 16 item 2, the literal check: a game id written as a quoted string in code is code that
 * knows a game. It may appear only in the game's own folders, the registries, tests (and their
 * fixtures) and docs; everywhere else a layer works from its registry, and the default game is
 * `defaultGame()`, the registry's first. The ids are those of the engine registry, the fixture
 * game nim included (vitest.config.ts sets the test-only switch).
 *
 * What counts: a string literal (or a template literal without substitutions) whose whole text is
 * the id, read with the TypeScript parser, so comments, `'@xix/engine'`, `'xix-arena.replay'`,
 * `XIX_*` environment names and usage text such as `xix play` never count. HTML and CSS files
 * count a quoted id (`"xix"`, `'xix'`, `` `xix` ``).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GAMES, fixtureGamesOn, loadFixtureGames } from '../src/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|html|css)$/;

/** The folders a game has in each layer, named by its id (docs/architecture.md, "Adding a game"). */
const GAME_FOLDERS = ['engine/src/games', 'engine/test/games', 'sdk/src/games', 'sdk/templates', 'sdk/examples', 'apps/cli/src/games', 'apps/web/src/games', 'apps/server/src/games'];
const REGISTRIES = new Set(['engine/src/games/index.ts', 'sdk/src/games/index.ts']);

/** Where `id` may be written: its game's folders, a registry, a test, a test fixture or a doc. */
function mayName(file: string, id: string): boolean {
  if (GAME_FOLDERS.some((folder) => file.startsWith(`${folder}/${id}/`))) return true;
  if (REGISTRIES.has(file) || /(?:^|\/)games\/registry\.ts$/.test(file)) return true;
  if (/\.test\.[cm]?[jt]sx?$/.test(file) || /(?:^|\/)(?:test|tests|fixtures|__fixtures__)\//.test(file)) return true;
  return file.endsWith('.md');
}

/**
 * `xix` is also the platform's name. These uses of the exact string are the platform's, not the
 * game's; each is matched by its place in the code, not by file, so a game id beside it still counts:
 * - the Redis key prefix: the default of `XIX_PREFIX` (`env.XIX_PREFIX || 'xix'`);
 * - the command's name: `new Command('xix')` (commander);
 * - the CLI's config folder, `~/.config/xix`: the last part of the path `configDir` returns.
 */
function platformsOwnXix(literal: ts.Node): boolean {
  const parent = literal.parent;
  if (ts.isBinaryExpression(parent) && parent.right === literal && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind)) {
    return ts.isPropertyAccessExpression(parent.left) && parent.left.name.text === 'XIX_PREFIX';
  }
  if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'Command') return true;
  if (ts.isCallExpression(parent) && parent.arguments.at(-1) === literal && parent.expression.getText() === 'path.join') {
    for (let node: ts.Node = parent; node !== undefined; node = node.parent) {
      if (ts.isFunctionDeclaration(node)) return node.name?.text === 'configDir' && ts.isReturnStatement(parent.parent);
    }
  }
  return false;
}

interface Naming {
  readonly file: string;
  readonly line: number;
  readonly id: string;
  readonly text: string;
}

/** Every place `source` (the text of `file`) names one of `ids` as a quoted literal, the platform's own `xix` left out. */
function namings(file: string, source: string, ids: readonly string[]): Naming[] {
  const found: Naming[] = [];
  const lines = source.split('\n');
  const add = (line: number, id: string) => found.push({ file, line: line + 1, id, text: lines[line]!.trim() });
  if (/\.(?:html|css)$/.test(file)) {
    lines.forEach((text, line) => {
      for (const id of ids) if ([`'${id}'`, `"${id}"`, `\`${id}\``].some((quoted) => text.includes(quoted))) add(line, id);
    });
    return found;
  }
  const kind = /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JS : file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ids.includes(node.text)) {
      if (!(node.text === 'xix' && platformsOwnXix(node))) add(tree.getLineAndCharacterOfPosition(node.getStart()).line, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The repository's source files: tracked, and new ones not ignored (node_modules never is a source). */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return listed.filter((file) => SOURCE_FILE.test(file) && !file.split('/').includes('node_modules') && existsSync(`${ROOT}${file}`));
}

describe('game ids in code (issue 16 item 2)', () => {
  it('reads a quoted id as a naming, and the platform’s own xix, comments and longer strings as none', () => {
    const ids = ['xix', '1923', 'nim'];
    const source = [
      "const game = findGame(options.game ?? 'xix');", // 1: the default game as a literal
      'if (view.game === "1923") draw();', // 2
      'const rules = { nim: `nim` };', // 3: the value counts, the key is no string
      "// the default game ('xix') comes from the registry", // 4: a comment
      "import { xix } from '@xix/engine'; const format = 'xix-arena.replay';", // 5
      "const prefix = env.XIX_PREFIX || 'xix';", // 6: the Redis prefix
      "const other = env.XIX_GAME || 'xix';", // 7: not the prefix: counts
      "const program = new Command('xix');", // 8: the command's name
      "export function configDir(): string { return path.join(base, 'xix'); }", // 9: the config folder
      "export function gameDir(): string { return path.join(base, 'xix'); }", // 10: a game's folder: counts
      'const usage = `xix play --game ${id}`; const seed = 1923;', // 11
    ].join('\n');
    expect(namings('apps/cli/src/example.ts', source, ids).map(({ line, id }) => `${line} ${id}`)).toEqual(['1 xix', '2 1923', '3 nim', '7 xix', '10 xix']);
    expect(namings('apps/web/src/style.css', '.table[data-game="1923"] { }\n.xix-table { }', ids).map(({ line, id }) => `${line} ${id}`)).toEqual(['1 1923']);
  });

  it('allows a game’s id in its own folders, the registries, tests and docs only', () => {
    expect(mayName('apps/web/src/games/1923/render.ts', '1923')).toBe(true);
    expect(mayName('apps/web/src/games/1923/render.ts', 'xix')).toBe(false);
    expect(mayName('sdk/examples/nim/random.ts', 'nim')).toBe(true);
    expect(mayName('apps/cli/src/games/registry.ts', 'nim')).toBe(true);
    expect(mayName('engine/src/games/index.ts', 'xix')).toBe(true);
    expect(mayName('apps/server/test/live-client.ts', 'xix')).toBe(true);
    expect(mayName('apps/cli/src/play.test.ts', '1923')).toBe(true);
    expect(mayName('engine/test/games/1923/fixtures/replay.json', '1923')).toBe(true);
    expect(mayName('apps/server/src/house-bots.ts', 'xix')).toBe(false);
    expect(mayName('apps/cli/src/games-list.ts', 'xix')).toBe(false);
  });

  it('finds no game id named as a quoted literal outside its game’s folders, the registries, tests and docs', async () => {
    await loadFixtureGames();
    expect(fixtureGamesOn(), 'the check runs with the fixture games registered (XIX_FIXTURE_GAMES=1, vitest.config.ts)').toBe(true);
    const ids = [...GAMES.keys()];
    expect(ids).toContain('nim');
    const offenders = new Set<string>();
    for (const file of sourceFiles()) {
      const source = readFileSync(`${ROOT}${file}`, 'utf8');
      const named = ids.filter((id) => !mayName(file, id) && source.includes(id));
      for (const { line, id, text } of named.length === 0 ? [] : namings(file, source, named)) offenders.add(`${file}:${line}: '${id}' in ${text.length > 100 ? `${text.slice(0, 100)}…` : text}`);
    }
    expect([...offenders], `game ids named outside their games' folders, the registries, tests and docs (use the registry, or defaultGame()):\n${[...offenders].join('\n')}\n`).toEqual([]);
  });
});
