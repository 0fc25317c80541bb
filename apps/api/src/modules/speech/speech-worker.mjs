// The speech synthesizer's thread (see synthesizer.ts): eSpeak NG compiled to WebAssembly, from the
// `espeak-ng` npm package (GPL-3.0-or-later; its voices are inside the .wasm, nothing is downloaded).
// One call costs 150–250 ms of CPU, which must not stop the API's event loop, hence a thread.
// Plain JavaScript: a worker thread does not go through the TypeScript loader in every runner.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
// Compiled once per thread; each call instantiates it afresh (eSpeak's command line runs once per instance).
const compiled = WebAssembly.compile(readFileSync(require.resolve('espeak-ng/dist/espeak-ng.wasm')));

/**
 * Speak `text` with `voice` at `wordsPerMinute`; the WAV file's bytes. The text goes through a
 * file, never the command line, so a text that starts with "-" is spoken, not read as an option.
 */
async function speak({ text, voice, wordsPerMinute }) {
  const wasm = await compiled;
  const said = [];
  const instance = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-f', '/prompt.txt', '-w', '/prompt.wav'],
    preRun: [(m) => m.FS.writeFile('/prompt.txt', text)],
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(wasm, imports).then((inst) => done(inst, wasm));
      return {};
    },
    print: (line) => said.push(line),
    printErr: (line) => said.push(line),
  });
  let wav;
  try {
    wav = instance.FS.readFile('/prompt.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio${said.length ? `: ${said.join(' ').slice(0, 200)}` : ''}`);
  }
  return wav;
}

parentPort.on('message', (msg) => {
  speak(msg).then(
    (wav) => parentPort.postMessage({ id: msg.id, wav }, [wav.buffer]),
    (err) => parentPort.postMessage({ id: msg.id, error: String(err?.message ?? err) }),
  );
});
