/**
 * The pages' entry in a build made with the test-only switch in its environment (build.ts): the
 * engine's fixture games join its registry before the app starts, as in every other process, so
 * that the viewer re-simulates their replays. The build hands the page the switch (a page has no
 * environment of its own); a build without it starts from main.ts, and nothing of them is bundled.
 */
import { loadFixtureGames } from '@xix/engine';

await loadFixtureGames();
await import('./main.ts');
