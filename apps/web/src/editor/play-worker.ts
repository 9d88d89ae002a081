/**
 * The editor's play worker: plays the series the page asks for (page-series.ts) with the house
 * bots the build compiled in (`xix:house-bots`, editor-build.ts) and the author's compiled bot,
 * and reports each game. Its Content-Security-Policy (the server's) lets it evaluate the bots and
 * reach nothing: no network, no storage of the page.
 */
import * as sdk from '@xix/sdk';
import { loadFixtureGames } from '@xix/engine';
import { houseBots } from 'xix:house-bots';
import { BEAT_MS, type FromPlayWorker, type ToPlayWorker } from './play-protocol.ts';
import { gameOf, pageEntrants, playPageSeries, seriesBots } from './page-series.ts';

declare const self: { postMessage(message: FromPlayWorker): void; onmessage: ((event: { data: ToPlayWorker }) => void) | null };

const ready = loadFixtureGames();
let lastPost = performance.now();
const post = (message: FromPlayWorker): void => {
  lastPost = performance.now();
  self.postMessage(message);
};

self.onmessage = ({ data }) => {
  void ready.then(() => {
    try {
      if (data.type === 'house-bots') {
        post({ type: 'house-bots', bots: Object.fromEntries(Object.entries(houseBots).map(([game, bots]) => [game, bots.map((bot) => bot.name)])) });
        return;
      }
      const house = houseBots[data.game]?.find((bot) => bot.name === data.house);
      if (house === undefined) throw new RangeError(`${data.game} has no house bot ${JSON.stringify(data.house)}`);
      const bots = seriesBots(data.author, house, pageEntrants(gameOf(data.game)));
      const series = { game: data.game, bots, seed: data.seed, first: data.first, end: data.end, ...(data.limits !== undefined && { limits: data.limits }) };
      playPageSeries(series, sdk, (game) => post({ type: 'game', game }), (index, entrant, call, actions) => {
        if (data.watch && entrant === 0) post({ type: 'call', index, call, actions: actions.map((action) => JSON.stringify(action)) });
        else if (performance.now() - lastPost > BEAT_MS) post({ type: 'beat' });
      });
      post({ type: 'done' });
    } catch (error) {
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
};
