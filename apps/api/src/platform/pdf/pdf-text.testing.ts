import { inflateSync } from 'node:zlib';

/**
 * For tests: the text of each page of a pdfkit PDF (compressed or not). Embedded
 * fonts write glyph ids, not characters, so every font's ToUnicode map is read to turn them back.
 * Only what pdfkit writes is understood; this is no general PDF reader.
 */
export interface PdfInfo {
  pages: string[];
  /** Names of the fonts in the font dictionaries (subset prefix removed), e.g. DejaVuSans-Bold. */
  fonts: string[];
}

export async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function pdfText(pdf: Buffer): PdfInfo {
  const source = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(match[1]), match[2]!);
  const streamOf = (body: string) => {
    const data = /stream\n([\s\S]*?)\nendstream/.exec(body)?.[1] ?? '';
    // pdfkit compresses page and CMap streams unless told not to.
    return /\/Filter \/FlateDecode/.test(body) ? inflateSync(Buffer.from(data, 'latin1')).toString('latin1') : data;
  };

  const cmaps = new Map<number, Map<number, string>>();
  const cmapOfFont = (fontId: number): Map<number, string> => {
    const known = cmaps.get(fontId);
    if (known) return known;
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontId) ?? '')?.[1];
    const map = new Map<number, string>();
    const cmap = ref ? streamOf(objects.get(Number(ref)) ?? '') : '';
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1]!, 16);
      // A ligature maps to several characters, written `<0066 0066>`.
      [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) => map.set(start + i, hexToUtf16(u[1]!.replace(/ /g, ''))));
    }
    cmaps.set(fontId, map);
    return map;
  };

  const pageIds = [
    ...(/\/Kids \[([^\]]*)\]/.exec([...objects.values()].find((o) => /\/Type \/Pages/.test(o)) ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g),
  ].map((m) => Number(m[1]));
  const pages = pageIds.map((pageId) => {
    const page = objects.get(pageId) ?? '';
    const resources = /\/Resources (\d+) 0 R/.exec(page)?.[1];
    const fontDict = /\/Font <<([\s\S]*?)>>/.exec(objects.get(Number(resources)) ?? page)?.[1] ?? '';
    const fontRefs = new Map([...fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1]!, Number(m[2])]));
    const contentId = /\/Contents (\d+) 0 R/.exec(page)?.[1];
    const content = streamOf(objects.get(Number(contentId)) ?? '');
    const lines: string[] = [];
    let font = new Map<number, string>();
    for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ|ET/g)) {
      if (op[1]) font = cmapOfFont(fontRefs.get(op[1]) ?? -1);
      else if (op[2] !== undefined) lines.push([...op[2].matchAll(/<([0-9a-f]+)>/gi)].map((h) => decodeGlyphs(h[1]!, font)).join(''));
    }
    return lines.join('\n');
  });

  const fonts = [...source.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]!);
  return { pages, fonts: [...new Set(fonts)] };
}

function hexToUtf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function decodeGlyphs(hex: string, cmap: Map<number, string>): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 4) text += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
  return text;
}
