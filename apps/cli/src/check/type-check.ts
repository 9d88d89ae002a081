/**
 * Type-checks a bot with the TypeScript compiler API: the diagnostics an editor shows, as
 * file:line:col lines. The bot's own tsconfig.json (the nearest one above it, as an editor finds
 * it) decides the options; without one, strict options like this repository's. `@xix/sdk` always
 * means this installation's SDK, and problems inside the SDK are not the bot's to fix.
 */
import path from 'node:path';
import ts from 'typescript';
import { BOT_GLOBALS, ENGINE_DIR, SDK_DIR, SDK_ENTRY } from '../repo.ts';

export interface TypeCheck {
  /** The tsconfig.json whose options were used, or null for the defaults. */
  readonly config: string | null;
  /** One line per problem: `file:line:col error TSnnnn: message`. */
  readonly errors: readonly string[];
}

/** The repository's strictness, for a bundled module (esbuild is what compiles bots). */
export const DEFAULT_OPTIONS: ts.CompilerOptions = {
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
};

export function typeCheck(file: string): TypeCheck {
  const entry = path.resolve(file);
  const configFile = ts.findConfigFile(path.dirname(entry), ts.sys.fileExists) ?? null;
  const errors: string[] = [];
  let options: ts.CompilerOptions = DEFAULT_OPTIONS;
  let roots = [entry, BOT_GLOBALS];
  if (configFile !== null) {
    const read = ts.readConfigFile(configFile, ts.sys.readFile);
    if (read.error !== undefined) return { config: configFile, errors: [describe(read.error)] };
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile), undefined, configFile);
    errors.push(...parsed.errors.filter((d) => d.code !== NO_INPUTS).map(describe));
    // The bot and the project's declarations, not every file the project includes: a bot inside
    // a bigger project (this repository, say) is checked without checking the whole project.
    options = { ...parsed.options, noEmit: true };
    roots = [entry, ...parsed.fileNames.filter((f) => f.endsWith('.d.ts'))];
  }
  if (options.paths?.['@xix/sdk'] === undefined) {
    // Absolute targets: the base path only has to exist.
    options = { ...options, paths: { ...options.paths, '@xix/sdk': [SDK_ENTRY] }, ...(options.baseUrl === undefined && { pathsBasePath: path.dirname(entry) }) };
  }
  const program = ts.createProgram({ rootNames: roots, options });
  const ours = program.getSourceFiles().filter((source) => isBotFile(source.fileName));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
  ];
  errors.push(...diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).map(describe));
  return { config: configFile, errors };
}

/** "No inputs were found": the config's include may not name the bot; it is checked anyway. */
const NO_INPUTS = 18003;

function isBotFile(file: string): boolean {
  const resolved = path.resolve(file);
  const inside = (dir: string): boolean => resolved.startsWith(dir + path.sep);
  return !file.endsWith('.d.ts') && !inside(SDK_DIR) && !inside(ENGINE_DIR) && !resolved.split(path.sep).includes('node_modules');
}

function describe(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n    ');
  const code = `error TS${diagnostic.code}: ${message}`;
  if (diagnostic.file === undefined || diagnostic.start === undefined) return code;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${named(diagnostic.file.fileName)}:${line + 1}:${character + 1} ${code}`;
}

/** A file as the user would name it: relative to the working directory unless that climbs out. */
export function named(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
