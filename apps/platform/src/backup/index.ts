/** Backups of a running platform, for `xix admin backup` and `xix admin restore` (docs/operations.md). */
export { takeBackup, BACKUP_FLAG_TTL_S, type BackupOptions, type BackupSummary } from './backup.ts';
export { restoreBackup, type RestoreOptions, type RestoreSummary } from './restore.ts';
export { MANIFEST_FILE, type BackupManifest } from './manifest.ts';
export { LauncherError, launcherConfig, type LauncherConfig } from '../config.ts';
export { runningRedis } from '../find-redis.ts';
