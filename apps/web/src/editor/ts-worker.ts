/**
 * The code editor's TypeScript worker: the language service (ts-service.ts) over the SDK's files
 * the build bundled in (`xix:ts-files`), and the bot's compilation for the play worker
 * (transpile.ts), off the page's thread. Requests are answered in order.
 */
import { compilerOptions, files, globalsFile } from 'xix:ts-files';
import { createBotService } from './ts-service.ts';
import { transpileBot } from './transpile.ts';
import type { FromTsWorker, ToTsWorker, TsRequest } from './ts-protocol.ts';

declare const self: { postMessage(message: FromTsWorker): void; onmessage: ((event: { data: ToTsWorker }) => void) | null };

const service = createBotService({ files, compilerOptions, globals: globalsFile });

function answer(request: TsRequest): unknown {
  switch (request.type) {
    case 'diagnostics': return service.diagnostics(request.text);
    case 'completions': return service.completions(request.text, request.position);
    case 'completion-info': return service.completionInfo(request.text, request.position, request.name);
    case 'hover': return service.hover(request.text, request.position);
    case 'compile': return transpileBot(request.text);
  }
}

self.onmessage = ({ data }) => {
  try {
    self.postMessage({ id: data.id, ok: true, answer: answer(data.request) });
  } catch (error) {
    self.postMessage({ id: data.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
