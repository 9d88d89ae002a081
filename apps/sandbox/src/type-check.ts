/**
 * Type-checks a bot with the TypeScript compiler API: the diagnostics an editor shows, each at its
 * file:line:column. One implementation for `xix check` and for the platform's check of an upload
 * (issue 17 item 1), so that "ready to upload" means what the platform will find.
 *
 * The platform's check (`typeCheckBot` with the bot's files): the options of a new bot's
 * tsconfig.json (PLATFORM_OPTIONS, strict), the sandbox's globals (sdk/templates/globals.d.ts),
 * `@xix/sdk` as this installation's SDK. Only the bot's own files, the SDK, the engine and
 * TypeScript's own libraries are read: an upload cannot make the checker read anything else.
 * `xix check` runs it, and also checks with the bot's own tsconfig.json when it has one
 * (`typeCheckWithConfig`), as an editor does.
 * Problems inside the SDK are not the bot's to fix: only the bot's own files are reported.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TypeScript from 'typescript';
import { BOT_GLOBALS, SDK_DIR, SDK_ENTRY } from '@xix/sdk/files';

// require, not import: importing this 9 MB CommonJS module makes Node scan it for named exports,
// about a third of a second of every `xix` command's start.
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** A problem in a bot's file; `text` is `TSnnnn: message` (the API's diagnostics shape). */
export interface TypeDiagnostic {
  /** Relative to the bot's folder for the platform's check; as the user would name it for a file on disk. */
  readonly file: string;
  /** 1-based; 0 for a problem of no file (an option). */
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

export interface TypeCheck {
  /** The tsconfig.json whose options were used, or null for the platform's. */
  readonly config: string | null;
  readonly diagnostics: readonly TypeDiagnostic[];
}

/** The engine the SDK is built on (its types are part of the SDK's). */
export const ENGINE_DIR = path.dirname(path.dirname(createRequire(SDK_ENTRY).resolve('@xix/engine')));

/** The repository's strictness, for a bundled module (esbuild is what compiles bots): a new bot's tsconfig.json says the same. */
export const PLATFORM_OPTIONS: TypeScript.CompilerOptions = {
  target: ts.ScriptTarget.ES2024,
  lib: ['lib.es2024.d.ts'],
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  allowImportingTsExtensions: true,
  noEmit: true,
  skipLibCheck: true,
  forceConsistentCasingInFileNames: true,
  types: [],
  typeRoots: [],
};

/** A diagnostic as one line, the way `xix check` and `xix upload` print it. */
export function formatDiagnostic(d: TypeDiagnostic): string {
  return d.line === 0 ? `${d.file === '' ? '' : `${d.file}: `}error ${d.text}` : `${d.file}:${d.line}:${d.column} error ${d.text}`;
}

/** A rejected upload's message: how many errors, and the first of them ('' for none). */
export function summarizeDiagnostics(diagnostics: readonly TypeDiagnostic[]): string {
  const first = diagnostics[0];
  if (first === undefined) return '';
  const n = diagnostics.length;
  return `${n} type error${n === 1 ? '' : 's'} (as xix check shows them); the first: ${formatDiagnostic(first)}`;
}

/** Where an uploaded bot's files live for the checker: a folder that exists nowhere on disk. */
const MEMORY_ROOT = path.resolve('/xix-bot-upload');
const LIB_DIR = path.dirname(ts.getDefaultLibFilePath(PLATFORM_OPTIONS));
const READABLE_DIRS = [LIB_DIR, SDK_DIR, ENGINE_DIR].map((dir) => realpathSync(dir));

/** The SDK's, the engine's and TypeScript's files, parsed once per process and shared by every check (they never change). */
const shared = new Map<string, TypeScript.SourceFile | null>();

/**
 * The platform's check of a bot given as files (relative path → text), as an upload stores it.
 * `entry` is a key of `files`; a JavaScript entry is not type-checked (no diagnostics).
 */
export function typeCheckBot(entry: string, files: Readonly<Record<string, string>>): TypeCheck {
  if (!/\.[cm]?tsx?$/.test(entry)) return { config: null, diagnostics: [] };
  const ownFile = (file: string): string | undefined => {
    const relative = path.relative(MEMORY_ROOT, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    const key = relative.split(path.sep).join('/');
    return Object.hasOwn(files, key) ? files[key] : undefined;
  };
  // A file outside the bot is read only when it really is TypeScript's, the SDK's or the engine's
  // (node_modules/@xix/engine is a link to the engine's folder in the repository).
  const readDisk = (file: string): string | undefined => {
    const real = allowedRealPath(file);
    if (real === null) return undefined;
    try {
      return readFileSync(real, 'utf8');
    } catch {
      return undefined;
    }
  };
  const host: TypeScript.CompilerHost = {
    getSourceFile(fileName, languageVersion) {
      const own = ownFile(fileName);
      if (own !== undefined) return ts.createSourceFile(fileName, own, languageVersion, true);
      const key = `${fileName}\0${typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion}`;
      if (!shared.has(key)) {
        const text = readDisk(fileName);
        shared.set(key, text === undefined ? null : ts.createSourceFile(fileName, text, languageVersion, true));
      }
      return shared.get(key) ?? undefined;
    },
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    writeFile: () => undefined,
    getCurrentDirectory: () => MEMORY_ROOT,
    getCanonicalFileName: (fileName) => fileName,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (fileName) => ownFile(fileName) !== undefined || (allowedRealPath(fileName) !== null && isFile(fileName)),
    readFile: (fileName) => ownFile(fileName) ?? readDisk(fileName),
    // Whether a folder exists says nothing the checker reports; listing one is never allowed.
    directoryExists: (dir) => dir === MEMORY_ROOT || dir.startsWith(MEMORY_ROOT + path.sep) || isDirectory(dir),
    getDirectories: () => [],
    realpath: (fileName) => (ownFile(fileName) !== undefined ? fileName : (allowedRealPath(fileName) ?? fileName)),
  };
  const options: TypeScript.CompilerOptions = { ...PLATFORM_OPTIONS, paths: { '@xix/sdk': [SDK_ENTRY] }, pathsBasePath: MEMORY_ROOT };
  const program = ts.createProgram({ rootNames: [path.join(MEMORY_ROOT, entry), BOT_GLOBALS], options, host });
  const inFolder = (file: string): string => path.relative(MEMORY_ROOT, file).split(path.sep).join('/');
  return { config: null, diagnostics: diagnosticsOf(program, (file) => ownFile(file) !== undefined, inFolder) };
}

/**
 * `xix check` on a bot that has its own tsconfig.json (the nearest one above it, as an editor
 * finds it): the diagnostics under its options; null when there is none. `@xix/sdk` is always
 * this installation's SDK. File names are as the user would name them (relative to the working folder).
 */
export function typeCheckWithConfig(file: string): TypeCheck | null {
  const entry = path.resolve(file);
  const configFile = ts.findConfigFile(path.dirname(entry), ts.sys.fileExists);
  if (configFile === undefined) return null;
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error !== undefined) return { config: configFile, diagnostics: [describe(read.error, named)] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile), undefined, configFile);
  const diagnostics = parsed.errors.filter((d) => d.code !== NO_INPUTS).map((d) => describe(d, named));
  // The bot and the project's declarations, not every file the project includes: a bot inside
  // a bigger project (this repository, say) is checked without checking the whole project.
  let options: TypeScript.CompilerOptions = { ...parsed.options, noEmit: true };
  const roots = [entry, ...parsed.fileNames.filter((f) => f.endsWith('.d.ts'))];
  if (options.paths?.['@xix/sdk'] === undefined) {
    // Absolute targets: the base path only has to exist.
    options = { ...options, paths: { ...options.paths, '@xix/sdk': [SDK_ENTRY] }, ...(options.baseUrl === undefined && { pathsBasePath: path.dirname(entry) }) };
  }
  const program = ts.createProgram({ rootNames: roots, options });
  diagnostics.push(...diagnosticsOf(program, isBotFileOnDisk, named));
  return { config: configFile, diagnostics };
}

/** "No inputs were found": the config's include may not name the bot; it is checked anyway. */
const NO_INPUTS = 18003;

function diagnosticsOf(program: TypeScript.Program, ours: (file: string) => boolean, name: (file: string) => string): TypeDiagnostic[] {
  const own = program.getSourceFiles().filter((source) => !source.fileName.endsWith('.d.ts') && ours(source.fileName));
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
  ]
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => describe(d, name));
}

function isBotFileOnDisk(file: string): boolean {
  const resolved = path.resolve(file);
  const inside = (dir: string): boolean => resolved.startsWith(dir + path.sep);
  return !inside(SDK_DIR) && !inside(ENGINE_DIR) && !resolved.split(path.sep).includes('node_modules');
}

function describe(diagnostic: TypeScript.Diagnostic, name: (file: string) => string): TypeDiagnostic {
  const text = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n    ')}`;
  if (diagnostic.file === undefined || diagnostic.start === undefined) return { file: '', line: 0, column: 0, text };
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return { file: name(diagnostic.file.fileName), line: line + 1, column: character + 1, text };
}

/** A file as the user would name it: relative to the working directory unless that climbs out. */
export function named(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** The real path of a file of TypeScript's libraries, the SDK or the engine; null for any other file. */
function allowedRealPath(file: string): string | null {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return null;
  }
  return READABLE_DIRS.some((dir) => real.startsWith(dir + path.sep)) ? real : null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
