const EMPTY = Buffer.alloc(0);

/** The bytes ended, or were not what the format requires there: the file cannot be walked. */
export class DamagedFile extends Error {}

/**
 * An async sequence of chunks read as one byte stream, for walking a file's structure as it
 * arrives: exact reads for headers, pass-through (`take`) or `skip` for bodies. Every method costs
 * time linear in the bytes it consumes: buffered pieces are joined once, never again per chunk
 * (a client sending one byte at a time cannot make a 64 KiB header cost 64 KiB squared).
 */
export class ByteSource {
  private buf: Buffer = EMPTY;
  private ended = false;

  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  /** The next chunk of the input, or null at its end. */
  private async pull(): Promise<Buffer | null> {
    if (this.ended) return null;
    for (;;) {
      const r = await this.chunks.next();
      if (r.done) {
        this.ended = true;
        return null;
      }
      if (r.value.length) return r.value;
    }
  }

  /** Buffer at least `n` bytes; false when the input ends first. */
  private async fill(n: number): Promise<boolean> {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut that saves a copy; without it the loop takes no chunk and the buffer is copied as it is (its `true` and `<` variants, claiming bytes that are not there, would fail every read test)
    if (this.buf.length >= n) return true;
    const pieces = [this.buf];
    let length = this.buf.length;
    while (length < n) {
      const chunk = await this.pull();
      if (!chunk) break;
      pieces.push(chunk);
      length += chunk.length;
    }
    this.buf = Buffer.concat(pieces, length);
    return length >= n;
  }

  /** Whether the input has no byte left. */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }

  /** Exactly `n` bytes (headers and small segments: the caller bounds `n`). */
  async read(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new DamagedFile('ended early');
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  async byte(): Promise<number> {
    return (await this.read(1))[0]!;
  }

  /** The next `n` bytes as they come, in pieces (a body kept as it is, of any length). */
  async *take(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buf.length) {
        const chunk = await this.pull();
        if (!chunk) throw new DamagedFile('ended early');
        this.buf = chunk;
      }
      const piece = this.buf.subarray(0, Math.min(left, this.buf.length));
      this.buf = this.buf.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  /** Drop the next `n` bytes. */
  async skip(n: number): Promise<void> {
    for await (const _ of this.take(n));
  }

  /** Drop bytes up to the next `value` (left unread); false when the input ends first. */
  async skipTo(value: number): Promise<boolean> {
    for (;;) {
      const at = this.buf.indexOf(value);
      if (at >= 0) {
        this.buf = this.buf.subarray(at);
        return true;
      }
      const chunk = await this.pull();
      if (!chunk) {
        this.buf = EMPTY;
        return false;
      }
      this.buf = chunk;
    }
  }

  /** Drop every byte equal to `value` from here on (JPEG fill bytes before a marker). */
  async skipWhile(value: number): Promise<void> {
    for (;;) {
      let i = 0;
      // Past the end this.buf[i] is undefined, never `value`.
      while (this.buf[i] === value) i += 1;
      this.buf = this.buf.subarray(i);
      if (this.buf.length) return;
      const chunk = await this.pull();
      if (!chunk) return;
      this.buf = chunk;
    }
  }

  /**
   * JPEG entropy-coded data, as it comes, up to the next marker (left unread): a 0xFF followed by
   * neither a stuffed 0x00 nor a restart marker (0xD0–0xD7), which belong to the data.
   */
  async *untilMarker(): AsyncGenerator<Buffer> {
    let from = 0;
    for (;;) {
      const at = this.buf.indexOf(0xff, from);
      if (at < 0) {
        if (this.buf.length) yield this.buf;
        this.buf = EMPTY;
        from = 0;
        const chunk = await this.pull();
        if (!chunk) throw new DamagedFile('ended inside image data');
        this.buf = chunk;
        continue;
      }
      if (at + 1 >= this.buf.length) {
        // The byte after 0xFF is in the next chunk: keep the 0xFF and join the two (each chunk is copied once at most).
        if (at > 0) yield this.buf.subarray(0, at);
        const rest = this.buf.subarray(at);
        this.buf = rest;
        const chunk = await this.pull();
        if (!chunk) throw new DamagedFile('ended inside image data');
        this.buf = Buffer.concat([rest, chunk]);
        from = 0;
        continue;
      }
      const next = this.buf[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        from = at + 2;
        continue;
      }
      if (at > 0) yield this.buf.subarray(0, at);
      this.buf = this.buf.subarray(at);
      return;
    }
  }

  /** Read and drop whatever is left. */
  async drain(): Promise<void> {
    this.buf = EMPTY;
    while (await this.pull());
  }
}
