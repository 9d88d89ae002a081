// The build's virtual modules (apps/web/editor-build.ts).
declare module 'xix:house-bots' {
  /** Each game's house bots, `random` first: CommonJS modules that require `@xix/sdk`. */
  export const houseBots: Readonly<Record<string, readonly { readonly name: string; readonly code: string }[]>>;
}
declare module 'xix:ts-files' {
  /** The TypeScript service's files by path: the SDK's and engine's sources, the ES libraries, the sandbox's globals. */
  export const files: Readonly<Record<string, string>>;
  /** The platform's compiler options (apps/sandbox/src/type-check.ts PLATFORM_OPTIONS). */
  export const compilerOptions: Readonly<Record<string, unknown>>;
  /** Where the sandbox's globals (sdk/templates/globals.d.ts) are among `files`. */
  export const globalsFile: string;
}
declare module 'xix:upload-limits' {
  /** The platform's limit on a bot's source, bytes (apps/sandbox/src/compile.ts DEFAULT_MAX_SOURCE_BYTES). */
  export const maxSourceBytes: number;
}
