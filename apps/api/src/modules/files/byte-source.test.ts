import { describe, expect, it } from 'vitest';
import { ByteSource, DamagedFile } from './byte-source';

/**
 * ByteSource over chunks as a client may cut them (empty chunks, one byte at a time, a marker split
 * between two chunks): what strip-metadata.ts walks pictures with. The walks themselves:
 * strip-metadata.test.ts.
 */
const bytes = (...parts: (string | number[])[]) =>
  parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)));

/** A source over `chunks` that counts the calls to the input, and fails if asked again after its end. */
function sourceOf(chunks: Buffer[]) {
  let i = 0;
  let ended = false;
  const input = {
    pulls: 0,
    async next(): Promise<IteratorResult<Buffer>> {
      if (ended) throw new Error('asked again after the end');
      input.pulls += 1;
      if (i < chunks.length) return { done: false, value: chunks[i++]! };
      ended = true;
      return { done: true, value: undefined };
    },
  };
  return { src: new ByteSource(input), input };
}

async function all(gen: AsyncGenerator<Buffer>): Promise<string[]> {
  const out: string[] = [];
  for await (const b of gen) out.push(b.toString('latin1'));
  return out;
}

describe('ByteSource', () => {
  it('reads exact lengths across chunks, skipping empty ones, and never asks the input again after its end', async () => {
    const { src, input } = sourceOf(bytes('ab', '', 'cd', '', 'e'));
    expect((await src.read(3)).toString()).toBe('abc');
    expect(await src.byte()).toBe('d'.charCodeAt(0));
    expect(await src.atEnd()).toBe(false);
    expect((await src.read(1)).toString()).toBe('e');
    expect(await src.atEnd()).toBe(true);
    expect(await src.atEnd()).toBe(true);
    await expect(src.read(1)).rejects.toThrow(new DamagedFile('ended early'));
    expect(input.pulls).toBe(6);
  });

  it('takes no chunk beyond the bytes asked for', async () => {
    const { src, input } = sourceOf(bytes('ab', 'cd'));
    expect((await src.read(2)).toString()).toBe('ab');
    expect(input.pulls).toBe(1);
    expect((await src.read(2)).toString()).toBe('cd');
    expect(input.pulls).toBe(2);
  });

  it('reads zero bytes without asking the input, and a read that the input cannot fill is damaged', async () => {
    const { src, input } = sourceOf(bytes('xy'));
    expect((await src.read(0)).length).toBe(0);
    expect(input.pulls).toBe(0);
    await expect(src.read(3)).rejects.toThrow(DamagedFile);
  });

  it('takes a body in the pieces it came in, after what was buffered, and skips one', async () => {
    const { src } = sourceOf(bytes('abc', '', 'defg', 'hij'));
    expect((await src.read(2)).toString()).toBe('ab');
    expect(await all(src.take(4))).toEqual(['c', 'def']);
    expect(await all(src.take(0))).toEqual([]);
    await src.skip(2);
    expect((await src.read(2)).toString()).toBe('ij');
    await expect(all(src.take(1))).rejects.toThrow(new DamagedFile('ended early'));
  });

  it('skips to a byte (left unread), and says false when the input ends first', async () => {
    const { src } = sourceOf(bytes('abc', 'de', [0xff, 0x01], 'z'));
    expect(await src.skipTo(0xff)).toBe(true);
    expect([...(await src.read(2))]).toEqual([0xff, 0x01]);
    expect(await src.skipTo(0xff)).toBe(false);
    expect(await src.atEnd()).toBe(true);
  });

  it('drops a run of one byte across chunks, up to the first other byte or the end', async () => {
    const { src } = sourceOf(bytes([0xff, 0xff], [0xff], [0xff, 0xd8, 0xff]));
    await src.skipWhile(0xff);
    expect([...(await src.read(2))]).toEqual([0xd8, 0xff]);
    const { src: only } = sourceOf(bytes([0xff], [0xff]));
    await only.skipWhile(0xff);
    expect(await only.atEnd()).toBe(true);
  });

  it('passes JPEG image data up to the next marker: stuffed zeros and restart markers are data, a 0xFF split between chunks is joined', async () => {
    const data = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78];
    const { src } = sourceOf(bytes(data.slice(0, 2), data.slice(2, 8), [...data.slice(8), 0xff], [0xd9, 0x99]));
    const out = Buffer.from((await all(src.untilMarker())).join(''), 'latin1');
    expect([...out]).toEqual(data);
    expect([...(await src.read(3))]).toEqual([0xff, 0xd9, 0x99]);
  });

  it('finds a marker at the very start of the data, and one right after a restart marker', async () => {
    const { src } = sourceOf(bytes([0xff, 0xd9]));
    expect(await all(src.untilMarker())).toEqual([]);
    expect([...(await src.read(2))]).toEqual([0xff, 0xd9]);
    // A 0xFF that ends a chunk, its marker in the next: nothing before it, so no empty piece.
    const { src: split } = sourceOf(bytes([0xff], [0xd9]));
    expect(await all(split.untilMarker())).toEqual([]);
    expect([...(await split.read(2))]).toEqual([0xff, 0xd9]);
    const { src: restart } = sourceOf(bytes([0xff, 0xd3, 0xff, 0xc4, 0x00]));
    expect((await all(restart.untilMarker())).map((s) => [...Buffer.from(s, 'latin1')])).toEqual([[0xff, 0xd3]]);
    expect([...(await restart.read(3))]).toEqual([0xff, 0xc4, 0x00]);
  });

  it('finds image data damaged when it ends before a marker, or on a lone 0xFF', async () => {
    await expect(all(sourceOf(bytes([0x01, 0x02], [0x03])).src.untilMarker())).rejects.toThrow(
      new DamagedFile('ended inside image data'),
    );
    await expect(all(sourceOf(bytes([0x01, 0xff])).src.untilMarker())).rejects.toThrow(
      new DamagedFile('ended inside image data'),
    );
  });

  it('drains what is left', async () => {
    const { src, input } = sourceOf(bytes('abc', 'def'));
    expect((await src.read(1)).toString()).toBe('a');
    await src.drain();
    expect(await src.atEnd()).toBe(true);
    expect(input.pulls).toBe(3);
  });
});
