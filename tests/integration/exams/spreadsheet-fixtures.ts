import { Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

/** One entry of a hand-built zip archive: stored as it is, or deflated (compressed elsewhere). */
export interface ZipEntry {
  name: string;
  /** The bytes as written into the archive. */
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method?: 0 | 8;
  /** The CRC-32 of the unpacked bytes. */
  crc?: number;
  /** The unpacked size the headers declare: what a crafted archive lies about. */
  declaredSize?: number;
  /** Write the entry's local header at the offset of an earlier entry (an overlapping archive). */
  sameDataAs?: string;
}

/**
 * A zip archive built byte by byte, so tests can make its headers say what they like:
 * a stored entry declares its own length unless told otherwise.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const entry of entries) {
    const { name, data, method = 0 } = entry;
    const crc = entry.crc ?? crc32(data);
    const declaredSize = entry.declaredSize ?? data.length;
    const fileName = Buffer.from(name);
    const shared = entry.sameDataAs === undefined ? undefined : offsets.get(entry.sameDataAs);
    const at = shared ?? offset;
    if (shared === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(declaredSize, 22);
      local.writeUInt16LE(fileName.length, 26);
      locals.push(local, fileName, data);
      offsets.set(name, offset);
      offset += local.length + fileName.length + data.length;
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(at, 42);
    centrals.push(central, fileName);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflates `head`, then `unit` as many times as fit in `size` bytes in all, then `tail`, without holding the unpacked bytes. */
export async function deflateRepeated(head: string, unit: string, size: number, tail: string): Promise<{ data: Buffer; crc: number; size: number }> {
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  const unitBytes = Buffer.from(unit);
  const units = Math.max(1, Math.floor((size - headBytes.length - tailBytes.length) / unitBytes.length));
  const unitsPerBlock = Math.floor((1024 * 1024) / unitBytes.length);
  const block = Buffer.from(unit.repeat(unitsPerBlock));
  let crc = crc32(headBytes);
  let written = headBytes.length;
  const add = (bytes: Buffer): Buffer => {
    crc = crc32(bytes, crc);
    written += bytes.length;
    return bytes;
  };
  function* pieces(): Generator<Buffer> {
    yield headBytes;
    for (let left = units; left > 0; left -= unitsPerBlock) yield add(left >= unitsPerBlock ? block : block.subarray(0, left * unitBytes.length));
    yield add(tailBytes);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(pieces()).pipe(createDeflateRaw({ level: 1 }))) chunks.push(chunk as Buffer);
  return { data: Buffer.concat(chunks), crc, size: written };
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Question</t></is></c></row><row r="2">';
/** A cell of row 2, repeated: Excel would keep the last; the reader refuses the sheet long before. */
const SHEET_CELL = '<c r="A2" t="inlineStr"><is><t>Kerala</t></is></c>';
const SHEET_TAIL = '</row></sheetData></worksheet>';

/** The parts of the smallest workbook Excel and exceljs open, around one worksheet. */
function workbookParts(): ZipEntry[] {
  const part = (name: string, xml: string): ZipEntry => ({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`) });
  return [
    part(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    part(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    part(
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
  ];
}

/** Sheet XML of about `bytes` bytes (a header row, then one cell repeated), deflated, as the entry xl/worksheets/sheet<n>.xml. */
export async function repeatedRowsSheet(bytes: number, options: { sheet?: number; declaredSize?: number } = {}): Promise<ZipEntry & { unpackedSize: number }> {
  const sheet = await deflateRepeated(SHEET_HEAD, SHEET_CELL, bytes, SHEET_TAIL);
  return {
    name: `xl/worksheets/sheet${options.sheet ?? 1}.xml`,
    data: sheet.data,
    method: 8,
    crc: sheet.crc,
    declaredSize: options.declaredSize ?? sheet.size,
    unpackedSize: sheet.size,
  };
}

/** A workbook around the given sheet entries (the first is the one read). */
export function workbookWith(sheets: ZipEntry[]): Buffer {
  return zipOf([...workbookParts(), ...sheets]);
}

/**
 * A workbook whose first sheet is about `sheetBytes` bytes of XML, one cell repeated; with `declaredSize` its zip headers state that unpacked size instead of the true one
 * (a zip bomb: a few hundred KB that unpack to hundreds of MB).
 */
export async function repeatedRowsWorkbook(sheetBytes: number, options: { declaredSize?: number } = {}): Promise<{ content: Buffer; unpackedSize: number }> {
  const sheet = await repeatedRowsSheet(sheetBytes, options);
  return { content: workbookWith([sheet]), unpackedSize: sheet.unpackedSize };
}
