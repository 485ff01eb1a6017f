import { inflateSync } from 'node:zlib';

/**
 * Reads back a PDF Alzado drew (pdfkit, standard fonts, WinAnsi): whether it is one, its pages and images,
 * and the text its content streams draw. Enough for tests; not a general PDF parser.
 */
export interface PdfSummary {
  header: string;
  pages: number;
  images: number;
  /** The drawn strings, one per text operation, joined by spaces. */
  text: string;
}

const winAnsi = new TextDecoder('windows-1252');

function stringsOf(content: string): string[] {
  const drawn: string[] = [];
  // pdfkit writes text as hex strings in TJ arrays: [<48656c6c6f> 20 <776f726c64>] TJ
  for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!).join('');
    drawn.push(winAnsi.decode(Buffer.from(hex, 'hex')));
  }
  return drawn;
}

export function readPdf(pdf: Buffer): PdfSummary {
  const raw = pdf.toString('latin1');
  if (!raw.startsWith('%PDF-') || !raw.trimEnd().endsWith('%%EOF')) throw new Error('Not a PDF');
  const drawn: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      continue; // an image's JPEG, not a content stream
    }
    drawn.push(...stringsOf(content));
  }
  return {
    header: raw.slice(0, 8),
    pages: raw.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0,
    images: raw.match(/\/Subtype \/Image/g)?.length ?? 0,
    text: drawn.join(' ').replace(/\s+/g, ' '),
  };
}
