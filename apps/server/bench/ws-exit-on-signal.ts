/**
 * Preloaded into bench:ws's server (`--import`): SIGUSR2 ends the process with process.exit, so a
 * server that does not stop on SIGTERM still writes its --cpu-prof profile (a kill would lose it).
 */
process.on('SIGUSR2', () => process.exit(0));
