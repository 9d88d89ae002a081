/**
 * The web build cleans up after itself: assets its shell no longer names are deleted once old
 * enough (a server started before the rebuild may still hand out the old shell), and a server's
 * start marks the current assets as in use. Built into a temporary directory, not dist/. The
 * test-only switch decides whether the fixture games are in the bundle.
 */
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAMES } from '@xix/engine';
import { STALE_ASSET_MS, WEB_DIST, buildWeb, ensureWebBuilt, webDist } from '../build.ts';

let dist: string;
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xix-web-build-'));
});
afterEach(async () => rm(dist, { recursive: true, force: true }));

const longAgo = new Date(Date.now() - 2 * STALE_ASSET_MS);
const mtime = async (name: string): Promise<number> => (await stat(join(dist, name))).mtimeMs;

/** The assets the shell names (the editor's bundles in its meta tags). */
async function named(): Promise<string[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href|content)="\/assets\/([^"]+)"/g)].map((m) => m[1]!).sort();
}
/** The shell's assets and the gzipped copy of each. */
const withGzipped = (names: readonly string[]): string[] => names.flatMap((name) => [name, `${name}.gz`]);

describe('the web build', () => {
  it('writes the shell and the assets it names, and deletes only old assets the shell no longer names', async () => {
    const built = await buildWeb(dist);
    expect(built.at(-1)).toBe('index.html');
    expect(await named()).toEqual(built.slice(0, -1).sort());

    // an old build's bundle, a just-replaced one (a server may still name it), a crashed build's leftover
    await writeFile(join(dist, 'main-OLDBUILD.js'), '// old');
    await utimes(join(dist, 'main-OLDBUILD.js'), longAgo, longAgo);
    await writeFile(join(dist, 'main-RECENT.js'), '// recent');
    await writeFile(join(dist, 'main-OLDBUILD.js.123.abc.tmp'), '// half');
    await utimes(join(dist, 'main-OLDBUILD.js.123.abc.tmp'), longAgo, longAgo);
    for (const name of await named()) await utimes(join(dist, name), longAgo, longAgo); // old but current

    await buildWeb(dist);
    expect((await readdir(dist)).sort()).toEqual([...withGzipped(await named()), 'index.html', 'main-RECENT.js'].sort());
  });

  it('at a server’s start marks the shell’s assets as in use, and rebuilds when one is missing', async () => {
    await buildWeb(dist);
    const assets = await named();
    for (const name of assets) await utimes(join(dist, name), longAgo, longAgo);
    await ensureWebBuilt(dist);
    for (const name of assets) expect(await mtime(name)).toBeGreaterThan(longAgo.getTime() + STALE_ASSET_MS);

    await rm(join(dist, assets[0]!));
    await ensureWebBuilt(dist);
    expect((await readdir(dist)).sort()).toEqual([...withGzipped(assets), 'index.html'].sort());
  });

  it('bundles the fixture games only with the test-only switch, in a folder of its own', async () => {
    // the fixture game by its id, as its code writes it ({id:"nim",...} once minified)
    const nim = GAMES.get('nim')!;
    const bundle = async (fixtureGames: boolean): Promise<string> => {
      const built = await buildWeb(dist, { fixtureGames });
      return readFile(join(dist, built.find((name) => name.startsWith('main-') && name.endsWith('.js'))!), 'utf8');
    };
    expect(await bundle(true)).toContain(JSON.stringify(nim.id));
    const without = await bundle(false);
    expect(without).not.toContain(JSON.stringify(nim.id));
    // the games of the engine's registry are there (the viewer re-simulates their replays)
    for (const game of GAMES.values()) if (game !== nim) expect(without).toContain(JSON.stringify(game.id));
    // this process has the switch (vitest.config.ts): its server builds apart from a server without it
    expect(WEB_DIST).toBe(webDist(true));
    expect(webDist(true)).not.toBe(webDist(false));
  });
});
