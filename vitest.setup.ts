// The tests run with the fixture games registered (vitest.config.ts sets the switch for this
// process and every process it starts): the registries load them here, before any test.
import { loadFixtureGames } from '@xix/engine';

await loadFixtureGames();
