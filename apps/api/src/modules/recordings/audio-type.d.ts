/** audio-type 2.8 ships no types: its default export names the audio format of some bytes. */
declare module 'audio-type' {
  export default function audioType(bytes: Uint8Array): string | undefined;
}
