/**
 * A stock file's bytes turned into its items: the one reader behind `npm run stock -- add` and the Telegram upload.
 * A byte-order mark says how the file is written (Notepad's "Unicode" is UTF-16 LE with one); without one it must be
 * UTF-8. A file that is not text is refused as a whole, with the reason, before a single item is taken from it.
 */
import { parseStockLines, StockInputError } from './stock-input.ts';

type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Longest first: a UTF-8 mark is three bytes, a UTF-16 one two. */
const BYTE_ORDER_MARKS: readonly { bytes: readonly number[]; encoding: TextEncoding }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

const encodingOf = (bytes: Uint8Array): TextEncoding =>
  BYTE_ORDER_MARKS.find(({ bytes: mark }) => mark.every((byte, i) => bytes[i] === byte))?.encoding ?? 'utf-8';

/**
 * The text of a stock file. Refuses (StockInputError) bytes that are not text in the encoding they claim
 * (STOCK_BAD_ENCODING), and text holding a NUL character (STOCK_BINARY_FILE): a binary file, or UTF-16 saved without
 * its byte-order mark, which would otherwise read as valid UTF-8 with a NUL after every letter.
 */
function decodeStockFile(bytes: Uint8Array): string {
  const encoding = encodingOf(bytes);
  let text: string;
  try {
    // The decoder drops the byte-order mark itself.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new StockInputError(
      'STOCK_BAD_ENCODING',
      'the file is not valid text: save it as UTF-8 (UTF-16 with a byte-order mark works too)',
    );
  }
  if (text.includes('\u0000')) {
    throw new StockInputError(
      'STOCK_BINARY_FILE',
      'the file holds NUL bytes: it is not a text file, or it is UTF-16 without a byte-order mark; save it as UTF-8 text',
    );
  }
  return text;
}

/** The items of a stock file, one per non-empty line; throws StockInputError and then nothing may be added. */
export const parseStockFile = (bytes: Uint8Array): string[] => parseStockLines(decodeStockFile(bytes));
