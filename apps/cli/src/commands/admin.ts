/**
 * `xix admin backup DIR` and `xix admin restore DIR`: the platform's data (Redis and the blob store)
 * copied while it runs, and put back into an empty data directory or Redis (docs/operations.md
 * "Backups"). They read the platform's own settings: REDIS_URL, XIX_DATA_DIR, XIX_PREFIX.
 */
import type { Command } from 'commander';
import type { LauncherConfig } from '@xix/platform/backup';
import { fail } from '../cli-error.ts';

/** Loaded by the admin commands alone: the other commands need no Redis client. */
const backups = (): Promise<typeof import('@xix/platform/backup')> => import('@xix/platform/backup');

const ENV_HELP = [
  '',
  'Settings, from the environment as for npm start and the server:',
  '  REDIS_URL      the platform\'s Redis (default: 127.0.0.1:6379 if it answers, else npm start\'s own redis-server of XIX_DATA_DIR)',
  '  XIX_DATA_DIR   the data directory, whose blobs/ holds the replays and logs (default: data)',
  '  XIX_PREFIX     the platform\'s key prefix (default: xix)',
].join('\n');

export function registerAdminCommands(xix: Command): void {
  const admin = xix.command('admin').description('operate a platform from its machine: back up and restore its data');
  admin
    .command('backup')
    .description('back up the running platform: a snapshot of its Redis (redis-cli --rdb) and a copy of its blob store, consistent with each other; manifest.json is written last')
    .argument('<dir>', 'the backup folder (new or empty)')
    .addHelpText('after', ENV_HELP)
    .action(adminBackup);
  admin
    .command('restore')
    .description('restore a backup into an empty data directory (its Redis as the append-only file npm start loads) or, with REDIS_URL, into that empty Redis; checks every checksum first')
    .argument('<dir>', 'the backup folder')
    .option('--force', 'restore over existing data: the data directory\'s blobs/ and redis/ are replaced, and so are the keys of the same names in REDIS_URL\'s Redis')
    .addHelpText('after', ENV_HELP)
    .action(adminRestore);
}

async function adminBackup(dir: string): Promise<void> {
  const { MANIFEST_FILE, runningRedis, takeBackup } = await backups();
  const config = await settings();
  const redis = await platform(() => runningRedis(config));
  if (redis === null) {
    fail(`no Redis to back up: nothing answers on 127.0.0.1:6379 and no redis-server of npm start runs on ${config.dataDir}/redis; set REDIS_URL to the platform's Redis`);
  }
  const summary = await platform(() =>
    takeBackup({
      dir,
      redisUrl: redis.url,
      dataDir: config.dataDir,
      prefix: process.env.XIX_PREFIX || 'xix',
      progress: (copied) => {
        if (copied % 10_000 === 0) console.error(`xix: ${copied} blobs copied`);
      },
    }),
  );
  const { redis: snapshot, blobs } = summary.manifest;
  console.log(`backup complete in ${summary.dir} (${MANIFEST_FILE} written last)`);
  console.log(`  Redis: ${redis.how}, snapshot of ${snapshot.snapshotAt}, ${megabytes(snapshot.bytes)}`);
  console.log(`  blobs: ${blobs.count} (${megabytes(blobs.bytes)}) from ${blobs.from}`);
}

async function adminRestore(dir: string, options: { readonly force?: boolean }): Promise<void> {
  const { restoreBackup } = await backups();
  const config = await settings();
  const summary = await platform(() => restoreBackup({ dir, config, force: options.force === true }));
  const { manifest } = summary;
  console.log(`restored the backup of ${manifest.finishedAt} (${manifest.redis.url}, prefix ${manifest.prefix})`);
  console.log(`  blobs: ${manifest.blobs.count} into ${summary.blobsDir}`);
  if ('dir' in summary.redis) {
    console.log(`  Redis: the append-only file in ${summary.redis.dir}`);
    // without REDIS_URL=own, npm start would take a Redis answering on 6379 instead of this one
    console.log(`start the platform on it with: REDIS_URL=own XIX_DATA_DIR=${config.dataDir} npm start`);
  } else {
    console.log(`  Redis: ${summary.redis.keys} keys into ${summary.redis.url}`);
  }
}

async function settings(): Promise<LauncherConfig> {
  const { launcherConfig } = await backups();
  return platform(async () => launcherConfig(process.env));
}

/** The platform's messages for the user become one line of error (exit code 1). */
async function platform<T>(run: () => Promise<T>): Promise<T> {
  const { LauncherError } = await backups();
  try {
    return await run();
  } catch (error) {
    if (error instanceof LauncherError) fail(error.message);
    throw error;
  }
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
