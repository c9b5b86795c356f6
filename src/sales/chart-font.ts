/**
 * The chart's font, PT Sans (ParaType, SIL Open Font License 1.1: LICENSE_FONT beside it): Latin and Cyrillic, made
 * for Russian. It ships in the npm package @expo-google-fonts/pt-sans as TTF files, the format the rasteriser reads
 * (woff2 it cannot), so it is installed with the bridge's dependencies and lands in the Docker image's node_modules.
 * The rasteriser is given these files and no system font: the image's Debian base has none, and a rasteriser without
 * a font drops text without a word.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const FONT_PACKAGE = '@expo-google-fonts/pt-sans';
const FILES = ['400Regular/PTSans_400Regular.ttf', '700Bold/PTSans_700Bold.ttf'];

/**
 * Regular and bold, found through Node's resolution from this module, so it works from src/ under tsx and from dist/
 * once bundled (both below the node_modules that holds the package). Throws, naming the package, when missing.
 */
export function chartFontFiles(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/package.json`));
  const files = FILES.map((file) => join(root, file));
  const missing = files.find((file) => !existsSync(file));
  if (missing !== undefined) throw new Error(`the chart's font ${missing} is missing: reinstall ${FONT_PACKAGE} (npm ci)`);
  return files;
}
