// Attack: a WebAssembly infinite loop (and WebAssembly memory, which memoryLimit does not count).
import { defineXixBot } from '@xix/sdk';

// (module (func (export "spin") (loop (br 0))))
const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 8, 1, 4, 115, 112, 105, 110, 0, 0, 10, 9, 1, 7, 0, 3, 64, 12, 0, 11, 11]);

export default defineXixBot({
  decide(view) {
    const wasm = (globalThis as { WebAssembly?: { Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: { spin(): void } } } }).WebAssembly;
    if (wasm === undefined) throw new ReferenceError('WebAssembly is not defined');
    new wasm.Instance(new wasm.Module(bytes)).exports.spin();
    return view.legalActions[0]!;
  },
});
