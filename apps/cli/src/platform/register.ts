/**
 * The platform commands of `xix` (login, logout, tokens, upload, bots, matches, leaderboard,
 * challenge, fetch, tournaments), registered on the program in main.ts. Each one that talks to a
 * server takes `--server URL` (login takes the URL itself; session.ts says which server and token a
 * command uses).
 */
import type { Command } from 'commander';
import { defaultGame } from '@xix/engine';
import { fetchMatch } from './fetch-match.ts';
import { challenge } from './challenge.ts';
import { bots, leaderboard, matches } from './listings.ts';
import { login } from './login.ts';
import { SERVER_HELP, checkLogoutServer, type ServerOption } from './session.ts';
import { logout, tokensList, tokensNew, tokensRevoke } from './tokens.ts';
import { tournamentCancel, tournamentCreate, tournaments, tournamentShow, LIMIT_NAMES, MAX_DEALS_PER_PAIRING } from './tournament.ts';
import { NAME_DEFAULT_HELP, SPRT_WAIT_DEFAULT, upload } from './upload.ts';

export function registerPlatformCommands(xix: Command): void {
  xix
    .command('login')
    .description('log in to an XIX Arena server: register a new user with --name, or use an existing user\'s token (from XIX_TOKEN, standard input or --token)')
    .argument('[url]', 'the server, e.g. http://127.0.0.1:8019 (with --rotate: the saved login\'s)')
    .option('--name <NAME>', 'register a new user with this name (the token is shown once and saved)')
    .option('--token <TOKEN>', 'an existing user\'s token; - reads it from standard input (a token typed here shows in ps and in your shell history)')
    .option('--rotate', 'replace the saved login\'s token by a new one; the old one stops working at once')
    .addHelpText('after', '\nWithout --name or --token, the token is taken from the environment variable XIX_TOKEN.\nExamples: XIX_TOKEN=... xix login URL;  xix login URL --token - < token.txt;  pass show xix | xix login URL --token -')
    .action(login);
  xix
    .command('logout')
    .description('revoke the saved login\'s token on the server and forget it')
    .option('--local', 'only forget it here: the token is not revoked and keeps working')
    .option('--server <URL>', 'only if the saved login is for this server')
    .action((options: ServerOption & { local?: boolean }) => {
      checkLogoutServer(options);
      return logout(options);
    });
  const tokens = xix.command('tokens').description('your tokens on the server: list them (ids, never the tokens), make another, revoke one');
  tokens.command('list', { isDefault: true }).description('your active tokens, oldest first; this login\'s is marked').option('--server <URL>', SERVER_HELP).action(tokensList);
  tokens.command('new').description('make another token (for another machine or a CI job): printed once, not saved').option('--server <URL>', SERVER_HELP).action(tokensNew);
  tokens.command('revoke').description('revoke one of your tokens (a lost or leaked one): it stops working at once').argument('<id>', 'the token\'s id, as xix tokens lists it').option('--server <URL>', SERVER_HELP).action(tokensRevoke);
  xix
    .command('upload')
    .description('upload a bot (its entry file and the files it imports) as a new version, then follow its type-check and its validation')
    .argument('<bot>', 'the bot\'s entry file (.ts or .js)')
    .option('--name <NAME>', `the bot's name on the server (default: ${NAME_DEFAULT_HELP})`)
    .option('--game <GAME>', 'the game it plays (default: the game whose SDK it uses, else the default game)')
    .option('--wait <SECONDS>', 'how long to follow the type-check and the validation (0: do not wait)', '300')
    .option('--sprt', 'then follow the background test (SPRT) of the new version against your previous active one to its verdict; exit 0 better, 4 not better, 5 no verdict (docs/sprt.md)')
    .option('--sprt-wait <SECONDS>', `with --sprt: how long to follow the SPRT (default: ${SPRT_WAIT_DEFAULT})`)
    .option('--server <URL>', SERVER_HELP)
    .action(upload);
  xix
    .command('bots')
    .description('list the bots on the server; with --mine, yours with the state of each one\'s newest version (why it was rejected, what it is doing)')
    .option('--game <GAME>', 'only bots of this game')
    .option('--mine', 'only my bots (the login\'s)')
    .option('--server <URL>', SERVER_HELP)
    .action(bots);
  xix
    .command('leaderboard')
    .description('a game\'s leaderboard: Elo and Bradley–Terry with its 95% interval, records and win rates, best first')
    .option('--game <GAME>', 'the game', defaultGame().id)
    .option('--variant <VARIANT>', 'the variant (a board per table size or options where the game has several; default its main one)')
    .option('--server <URL>', SERVER_HELP)
    .action(leaderboard);
  xix
    .command('matches')
    .description('list played matches, newest first')
    .option('--game <GAME>', 'only matches of this game')
    .option('--bot <BOT>', 'only matches of this bot (id, e.g. b3)')
    .option('--series <SERIES>', 'only matches of this series (id, e.g. s12)')
    .option('--limit <N>', 'how many (1–100)', '20')
    .option('--before <CURSOR>', 'the next page, as printed by the previous one')
    .option('--server <URL>', SERVER_HELP)
    .action(matches);
  xix
    .command('challenge')
    .description('ask for an unrated series between your bot and other active bots of its game at one table, each deal once per seat rotation')
    .argument('<bot>', 'your bot (id, e.g. b7)')
    .argument('<opponents...>', 'the other entrants (ids, e.g. b2; one for a two-entrant table)')
    .option('--deals <N>', 'deals to play, each once per seat rotation (1–50)', '5')
    .option('--seats <K>', 'seats at the table; default the smallest that seats the entrants')
    .option('--option <NAME=VALUE>', "one of the game's options (repeatable); default the game's defaults", collect)
    .option('--server <URL>', SERVER_HELP)
    .action(challenge);
  xix
    .command('fetch')
    .description('download a match: its replay, the bots\' seeds and, for your own bots, their source and what they printed (replay.log, shown by xix replay show DIR/replay.json --seat N); prints how to re-run it')
    .argument('<match>', 'match id, e.g. s12.3')
    .option('-o, --out <DIR>', 'folder to write to (default: the match id)')
    .option('--server <URL>', SERVER_HELP)
    .action(fetchMatch);
  registerTournamentCommands(xix);
}

function registerTournamentCommands(xix: Command): void {
  const tournament = xix
    .command('tournament')
    .description('round robins: create and cancel (admin: XIX_ADMIN_TOKEN), show progress, standings and cross table')
    .addHelpText('after', "\nCreating and cancelling need the server's admin token in the environment variable XIX_ADMIN_TOKEN.");
  tournament
    .command('create')
    .description('a round robin (admin): every table of --seats bots (every pair at 2) plays a rated series, each deal once per seat rotation')
    .option('--game <GAME>', 'the game', defaultGame().id)
    .option('--bot <BOT>', 'an entrant (bot id, e.g. b3; repeat for each); default: every active bot of the game', collect)
    .option('--deals <N>', `deals per pairing (1–${MAX_DEALS_PER_PAIRING}), each played from both seats`, '50')
    .option('--seats <K>', "seats at each table (one of the game's table sizes); default its smallest for two entrants or more")
    .option('--option <NAME=VALUE>', "one of the game's options (repeatable); default the game's defaults", collect)
    .option('--limit <NAME=N>', `a sandbox limit instead of the default (repeatable): ${LIMIT_NAMES.join(', ')}`, collect)
    .option('--server <URL>', SERVER_HELP)
    .action(tournamentCreate);
  tournament
    .command('show')
    .description('a tournament: progress, standings, cross table, each pairing, and the pairings that failed')
    .argument('<id>', 'tournament id, e.g. t3')
    .option('--server <URL>', SERVER_HELP)
    .action(tournamentShow);
  tournament
    .command('cancel')
    .description('cancel a tournament (admin): pairings not started are dropped; games played are kept')
    .argument('<id>', 'tournament id, e.g. t3')
    .option('--server <URL>', SERVER_HELP)
    .action(tournamentCancel);
  xix
    .command('tournaments')
    .description('list the tournaments, newest first')
    .option('--game <GAME>', 'only tournaments of this game')
    .option('--server <URL>', SERVER_HELP)
    .action(tournaments);
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
