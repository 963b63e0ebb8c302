/**
 * Writes src/domain/reserved-name-letters.ts: the characters confusable with the letters of Basha's reserved
 * names (src/domain/reserved-names.ts), from Unicode's confusables (TR39) as the unhomoglyph package ships them.
 * The whole mapping (6,300 characters, 100 kB) would go into every form page; the reserved names need about 300.
 *
 *   npm pack unhomoglyph@1.0.6 && tar xzf unhomoglyph-1.0.6.tgz
 *   npx tsx scripts/confusables/make-reserved-name-letters.ts package/data.json
 *
 * Every code point is checked: the table gives each the skeleton the full mapping gives it, wherever that skeleton
 * is made of the reserved names' letters. The script stops without writing if one does not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { foldForSkeleton, RESERVED_NAME_WORDS } from '../../src/domain/reserved-names';

const TARGET = new URL('../../src/domain/reserved-name-letters.ts', import.meta.url);
const [dataPath] = process.argv.slice(2);
if (!dataPath) throw new Error('Usage: make-reserved-name-letters.ts <unhomoglyph data.json>');
const prototypes = JSON.parse(readFileSync(dataPath, 'utf8')) as Record<string, string>;

const mapped = (text: string) => Array.from(text, (char) => prototypes[char] ?? char).join('');
/** The skeleton with the full mapping: folded, mapped, in lower case, mapped again (M -> m -> rn). */
const fullSkeleton = (text: string) =>
  foldForSkeleton(mapped(foldForSkeleton(mapped(foldForSkeleton(text))).toLowerCase()));

const letters = new Set(RESERVED_NAME_WORDS.flatMap((word) => Array.from(fullSkeleton(word))));
// A character that reads as nothing once mapped (a Bangla nukta is a dot below, an accent) counts as made of them.
const ofLetters = (skeleton: string) => Array.from(skeleton).every((char) => letters.has(char));

const codePoints: string[] = [];
for (let point = 0; point < 0x110000; point += 1) {
  if (point < 0xd800 || point > 0xdfff) codePoints.push(String.fromCodePoint(point));
}

const table: Record<string, string> = {};
for (const char of codePoints) {
  if (foldForSkeleton(char) !== char) continue; // folded before the table is asked
  const skeleton = fullSkeleton(char);
  if (skeleton !== char.toLowerCase() && ofLetters(skeleton)) table[char] = skeleton;
}

const withTable = (text: string) =>
  Array.from(foldForSkeleton(text), (char) => table[char] ?? char.toLowerCase()).join('');
const wrong = codePoints.filter((char) => ofLetters(fullSkeleton(char)) && withTable(char) !== fullSkeleton(char));
if (wrong.length > 0) {
  throw new Error(`The table misses ${wrong.length} characters: ${wrong.slice(0, 20).join(' ')}`);
}

const bySkeleton = new Map<string, string[]>();
for (const [char, skeleton] of Object.entries(table))
  bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), char]);
const escape = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`;
const rows = [...bySkeleton]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([skeleton, chars]) => `  ...letters('${skeleton}', '${chars.map(escape).join('')}'),`);

const source = `// Written by scripts/confusables/make-reserved-name-letters.ts from Unicode's confusables (TR39) as unhomoglyph 1.0.6
// ships them: do not edit by hand.

/** Characters confusable with the letters of the reserved names, each with the lower-case letters it reads as. */
function letters(skeleton: string, chars: string): [string, string][] {
  return Array.from(chars, (char) => [char, skeleton]);
}

export const RESERVED_NAME_LETTERS: Readonly<Record<string, string>> = Object.fromEntries([
${rows.join('\n')}
]);
`;
const options = await resolveConfig(fileURLToPath(TARGET));
writeFileSync(TARGET, await format(source, { ...options, parser: 'typescript' }));
console.log(`${Object.keys(table).length} characters, ${bySkeleton.size} skeletons, letters: ${[...letters].join('')}`);
