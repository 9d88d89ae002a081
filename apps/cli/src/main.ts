/**
 * The `xix` command: play bots against each other, read and verify replays, start a new bot.
 * Every expected failure ends as one line on stderr and exit code 1, never a stack trace.
 */
import { Command, CommanderError } from 'commander';
import { GAMES, defaultGame, loadFixtureGames } from '@xix/engine';
import { houseBotNames } from './bot-load.ts';
import { CliError, fail } from './cli-error.ts';
import { check } from './commands/check.ts';
import { botGames, newBot } from './commands/new-bot.ts';
import { gamesHelp, optionsHelp } from './game-options.ts';
import { play, type PlayOptions } from './commands/play.ts';
import { CLI_VERSION } from './version.ts';
import { replayRerun } from './commands/replay-rerun.ts';
import { replayShow } from './commands/replay-show.ts';
import { replayVerify } from './commands/replay-verify.ts';
import { registerPlatformCommands } from './platform/register.ts';
import { registerAdminCommands } from './commands/admin.ts';
import { rerunMatch, type RerunOptions } from './platform/rerun-match.ts';

/** Built after the games are registered (main): the help lists the registry's games. */
function program(): Command {
  const game = defaultGame().id;
  const houseBots = [...GAMES.values()].map((g) => `${g.id}: ${houseBotNames(g).join(', ')}`).join('; ');
  // exitOverride first: subcommands copy the setting when they are created.
  const xix = new Command('xix').exitOverride().description('XIX Arena: play bots, read and verify replays').showHelpAfterError('(run xix --help for usage)');
  xix.version(CLI_VERSION, '-V, --version', 'print the version of xix');
  xix
    .command('play')
    .description('play a series: each deal once per seat rotation (two bots: twice, seats swapped); prints wins, points and the win rate of A, the bot under test (more bots: each one\'s average place)')
    .argument('[bots...]', `the bot under test (A), then its opponents: .ts files, or the game's house bots by name (${houseBots})`)
    .option('-g, --game <ID>', `the game: ${gamesHelp()}`, game)
    .option('-o, --option <NAME=VALUE>', optionsHelp(), collect)
    .option('--seats <N>', 'seats at the table (default: the smallest table that seats the bots); a game of partnerships seats 2 bots at 4 or 6 seats, each bot playing every seat of its side')
    .option('--match <DIR>', 'instead of a series: play again a match downloaded with xix fetch (same deal, bots, seats and bot seeds) and compare it with the server\'s replay')
    .option('--seat <SEAT=FILE>', 'with --match: the bot for a seat whose source you do not have (repeatable)', collect)
    .option('-n, --games <N>', 'number of games, a multiple of the number of bots (default: 100, rounded up to one)')
    .option('-s, --seed <S>', 'seed of the first deal (default: random, printed)')
    .option('-j, --jobs <N>', 'sandbox host processes playing at once (the deals are split between them; the games stay those of --jobs 1 only for bots that keep no memory between games and do not depend on time)', '1')
    .option('-r, --replays <DIR>', 'write one replay JSON per game (and the bots\' logs) to DIR, with an index (index.md, index.tsv); DIR must hold no replays yet')
    .option('--overwrite', 'with --replays: remove the replays already in DIR first')
    .option('--only-losses', 'with --replays: write only the games A lost (forfeits included); the index still lists every game')
    .option('--only-forfeits', 'with --replays: write only the games with a forfeit (by either bot); with --only-losses, only A\'s forfeits')
    .option('--fail-on-forfeit <who>', 'whose forfeits make the exit status 3: first (A), any (A or B), none', 'first')
    .option('--max-forfeits <N>', 'stop the series once those bots forfeited N games (A\'s when --fail-on-forfeit is none)')
    .option('--sprt', 'two bots, the new version first: play mirrored pairs until a sequential test (pentanomial SPRT, logistic Elo) says whether it is better; prints the LLR, the Elo estimate and the pair counts as it goes (docs/sprt.md)')
    .option('--elo0 <ELO>', 'with --sprt: H0, the new version is ELO logistic Elo stronger (default 0)')
    .option('--elo1 <ELO>', 'with --sprt: H1, the new version is ELO logistic Elo stronger (default 10)')
    .option('--alpha <P>', 'with --sprt: the chance of accepting H1 when H0 holds (default 0.05)')
    .option('--beta <P>', 'with --sprt: the chance of accepting H0 when H1 holds (default 0.05)')
    .option('--max-games <N>', 'with --sprt: stop without a verdict after N games, an even number (default 20000)')
    .option('--field <BOT>', 'with --sprt at a table of more than two (repeatable): a bot in the other seats, the same for the new and the old version (default: the game\'s heuristic house bot in every other seat of --seats N)', collect)
    .option('--trusted', 'run the bots in this process instead of the sandbox (for our own house bots: every seat shares this process\'s globals)')
    .addHelpText(
      'after',
      '\nExit status: 0 all played and the bot under test never forfeited; 1 bad input or a failure (one line on stderr);\n3 a watched bot forfeited (see --fail-on-forfeit); 130 interrupted (Ctrl-C: the games so far are summed up).\nWith --sprt, when neither of those: 0 H1 accepted (better), 4 H0 accepted (not better by --elo1), 5 no verdict within --max-games.\nOff a terminal, progress is a line on stderr now and then (every tenth of 100+ games, every 30 s).',
    )
    .action(playOrRerun);
  const replay = xix.command('replay').description('read replays');
  replay
    .command('show')
    .description('render a replay in its game\'s text (XIX: trick by trick; a game without its own: move by move); with --seat, as that seat saw it, with what its bot printed')
    .argument('<file>', 'replay JSON')
    .option('--seat <N>', 'show only what seat N knew (its views), beside its bot\'s log')
    .action(replayShow);
  replay
    .command('rerun')
    .description('ask a bot again for the move the replay\'s bot made at move K: what it answers now, and whether it is legal')
    .argument('<file>', 'replay JSON')
    .argument('<bot>', 'bot (.ts file, or a house bot of the replay\'s game by name)')
    .requiredOption('-m, --move <K>', 'the move to ask about (1-based, as replay show numbers them)')
    .option('--sandbox', 'run the bot in the sandbox (default: in this process, so that breakpoints work under node --inspect-brk)')
    .action(replayRerun);
  replay
    .command('verify')
    .description('re-simulate replays; reports the first illegal or inconsistent step')
    .argument('<files...>', 'replay JSON files')
    .action(replayVerify);
  xix
    .command('new-bot')
    .description('create a bot folder NAME/ (bot.ts, package.json, tsconfig.json) that type-checks anywhere')
    .argument('<name>', 'bot name or path')
    .option('-g, --game <ID>', `the game the bot plays: ${botGames().join(', ')}`, game)
    .action(newBot);
  xix
    .command('check')
    .description('is a bot ready to upload? type-checks it, compiles and loads it in the sandbox, plays validation games against random')
    .argument('<bot>', 'the bot (.ts file)')
    .option('-g, --game <ID>', `the game the bot plays, validated at its smallest table of each style: ${[...GAMES.keys()].join(', ')}`, game)
    .option('-o, --option <NAME=VALUE>', optionsHelp(), collect)
    .option('-n, --games <N>', 'validation games at each table size, a whole number of deals at every size (default: 10, rounded up to one)')
    .option('-s, --seed <S>', 'seed of the first validation deal', '1')
    .option('--types-only', 'only type-check it, as the platform will (a new bot\'s npm run typecheck)')
    .action(check);
  // The platform: login, upload, bots, matches, fetch (apps/cli/src/platform).
  registerPlatformCommands(xix);
  // Its operator's: backups of a running platform (apps/platform/src/backup).
  registerAdminCommands(xix);
  return xix;
}

/** `xix play A B` plays a series; `xix play --match DIR` plays a fetched match again. */
async function playOrRerun(bots: readonly string[], options: PlayOptions & RerunOptions & { readonly match?: string }): Promise<void> {
  if (options.match !== undefined) {
    if (bots.length > 0) fail('play --match DIR takes no bots: the match folder names them (use --seat N=FILE for a seat without source)');
    if (options.seats !== undefined) fail('--seats goes with a series: the match folder has its table');
    return rerunMatch(options.match, options);
  }
  if (options.seat !== undefined) fail('--seat goes with --match');
  if (bots.length < 2) fail('play needs two bots (a .ts file or a house bot\'s name each), or --match DIR');
  return play(bots, options);
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

async function main(): Promise<void> {
  try {
    // The test-only switch (XIX_FIXTURE_GAMES=1) adds the fixture games before anything reads the registry.
    await loadFixtureGames();
    await program().parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message (or the help) already.
      process.exitCode = error.exitCode;
    } else if (error instanceof CliError) {
      console.error(`xix: ${error.message}`);
      process.exitCode = error.exitCode;
    } else {
      console.error(`xix: internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (process.env.XIX_DEBUG) console.error(error);
      process.exitCode = 2;
    }
  }
}

await main();
