/**
 * Where this installation keeps the SDK: found like any package, so the same code works in the
 * repository (a workspace link to sdk/) and in a CLI installed from `npm run pack:cli` (the SDK's
 * sources travel with it as a bundled dependency). A game's template and house bots are found by
 * the SDK's folder convention (`@xix/sdk/files`).
 */
export { BOT_GLOBALS, SDK_DIR, SDK_ENTRY, houseBotFile, houseBotFiles, templateFile } from '@xix/sdk/files';
