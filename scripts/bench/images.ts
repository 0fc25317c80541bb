import sharp from 'sharp';

/**
 * Upload of a 5 MB JPEG (a phone photo with its EXIF and GPS) to `POST /api/images`, time
 * until all sizes are ready: the answer comes only after the original, medium and thumbnail are
 * stored, so the time to the 201 is the time to all sizes. Several uploads one after another, then
 * two at once; each size is fetched once afterwards to check it is there.
 */
export async function benchImages(
  base: string,
  token: string,
  uploads = Number(process.env.BENCH_IMAGE_UPLOADS ?? 6),
): Promise<void> {
  const photo = await fiveMegabyteJpeg();
  const send = async (): Promise<{ ms: number; id: string }> => {
    const form = new FormData();
    form.append('alt', 'Bench photo');
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'bench.jpg');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const ms = performance.now() - t0;
    const body = (await res.json()) as { data?: { id: string } };
    if (res.status !== 201 || !body.data) throw new Error(`upload answered ${res.status}`);
    return { ms, id: body.data.id };
  };
  await send(); // warm-up: sharp's first call loads libvips
  const one: number[] = [];
  let last = '';
  for (let i = 0; i < uploads; i += 1) {
    const r = await send();
    one.push(r.ms);
    last = r.id;
  }
  const t0 = performance.now();
  const pair = await Promise.all([send(), send()]);
  const both = performance.now() - t0;
  const sizes: string[] = [];
  for (const size of ['thumb', 'medium', 'original']) {
    const res = await fetch(`${base}/api/images/${last}/file?size=${size}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${size} answered ${res.status}`);
    sizes.push(`${size} ${(bytes / 1024).toFixed(1)} KB`);
  }
  one.sort((a, b) => a - b);
  const median = one[Math.floor(one.length / 2)]!;
  console.log(
    `\nImages: upload of a ${(photo.length / (1024 * 1024)).toFixed(1)} MB JPEG (4000×3000, EXIF with GPS) until all sizes are stored`,
  );
  console.log(
    `  one at a time (${uploads}): median ${median.toFixed(0)} ms, max ${one[one.length - 1]!.toFixed(0)} ms`,
  );
  console.log(
    `  two at once: both ready in ${both.toFixed(0)} ms (each ${pair.map((p) => p.ms.toFixed(0)).join(' and ')} ms)`,
  );
  console.log(`  stored sizes: ${sizes.join(', ')}`);
}

/** A 4000×3000 photo-like JPEG of about 5 MB: noise over a gradient, at high quality, with EXIF and GPS. */
async function fiveMegabyteJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  for (const sigma of [22, 28, 34, 40]) {
    const jpeg = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 120, g: 150, b: 110 },
        noise: { type: 'gaussian', mean: 120, sigma },
      },
    })
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'Bench', Model: 'Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4600/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '3/1 42/1 0/1',
        },
      })
      .toBuffer();
    if (jpeg.length >= 4.5 * 1024 * 1024) return jpeg;
  }
  throw new Error('could not make a 5 MB JPEG');
}
