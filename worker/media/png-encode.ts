import { open, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * zlib level 3 and no row filters. For a page of dense text at 120 dpi that is about 10 ms and
 * 190 KB, against about 40 ms for Ghostscript's PNG writer (libpng's defaults: level 6 with
 * adaptive filters) for the same size; level 6 would save another 15% for 2.5 times the time.
 */
export const PNG_DEFLATE_LEVEL = 3;

/** 24-bit RGB pixels, row after row, 3 bytes a pixel. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Buffer;
}

/** A PPM file that is not what Ghostscript's ppmraw device writes. */
export class PpmError extends Error {
  override name = 'PpmError';
}

/**
 * A binary PPM (P6) as Ghostscript's ppmraw device writes it: "P6", an optional comment line,
 * the width and height, 255, then the pixels. Anything else is a PpmError.
 */
export function parsePpm(file: Buffer): RgbImage {
  const header = /^P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(?:#[^\n]*\n\s*)*255\s/.exec(file.subarray(0, 512).toString('latin1'));
  if (!header) throw new PpmError('not a binary PPM image with 8 bits a channel');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = file.subarray(header[0].length);
  if (width < 1 || height < 1 || pixels.length !== width * height * 3) {
    throw new PpmError(`a ${width}x${height} PPM image should hold ${width * height * 3} bytes of pixels, not ${pixels.length}`);
  }
  return { width, height, pixels };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGB PNG of the image (8 bits a channel, not interlaced), with its resolution recorded
 * (pHYs). `scratch`, when large enough, holds the rows on their way to zlib: a page at 120 dpi is
 * 4 MB, and a new buffer for each page makes the garbage collector sweep the whole heap often.
 */
export async function encodePng(image: RgbImage, dotsPerInch: number, options: { level?: number; scratch?: Buffer } = {}): Promise<Buffer> {
  const { width, height, pixels } = image;
  const stride = width * 3;
  // Each row starts with its filter type: 0, none.
  const length = (stride + 1) * height;
  const rows = options.scratch && options.scratch.length >= length ? options.scratch.subarray(0, length) : Buffer.allocUnsafe(length);
  for (let y = 0; y < height; y += 1) {
    rows[y * (stride + 1)] = 0;
    pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits a channel
  header[9] = 2; // RGB; compression, filter method and interlacing stay 0
  const resolution = Buffer.alloc(9);
  const perMetre = Math.round(dotsPerInch / 0.0254);
  resolution.writeUInt32BE(perMetre, 0);
  resolution.writeUInt32BE(perMetre, 4);
  resolution[8] = 1; // the unit is the metre

  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('pHYs', resolution),
    chunk('IDAT', await deflate(rows, { level: options.level ?? PNG_DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Converts Ghostscript's PPM files to PNG files one after another, keeping its two page-sized
 * buffers (the file read, the rows for zlib) from page to page.
 */
export class PpmToPng {
  #file = Buffer.alloc(0);
  #rows = Buffer.alloc(0);

  /** Writes `png` from `ppm`, whose size the caller has checked; a malformed PPM is a PpmError. */
  async convert(ppm: string, png: string, size: number, dotsPerInch: number): Promise<void> {
    if (this.#file.length < size) this.#file = Buffer.allocUnsafe(size);
    const file = await open(ppm, 'r');
    let read = 0;
    try {
      while (read < size) {
        const { bytesRead } = await file.read(this.#file, read, size - read, read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
    } finally {
      await file.close();
    }
    const image = parsePpm(this.#file.subarray(0, read));
    const rowsLength = (image.width * 3 + 1) * image.height;
    if (this.#rows.length < rowsLength) this.#rows = Buffer.allocUnsafe(rowsLength);
    await writeFile(png, await encodePng(image, dotsPerInch, { scratch: this.#rows }));
  }
}
