// Written by scripts/confusables/make-reserved-name-letters.ts from Unicode's confusables (TR39) as unhomoglyph 1.0.6
// ships them: do not edit by hand.

/** Characters confusable with the letters of the reserved names, each with the lower-case letters it reads as. */
function letters(skeleton: string, chars: string): [string, string][] {
  return Array.from(chars, (char) => [char, skeleton]);
}

export const RESERVED_NAME_LETTERS: Readonly<Record<string, string>> = Object.fromEntries([
  ...letters(
    '',
    '\u{59c}\u{59d}\u{5af}\u{5b4}\u{5b9}\u{5ba}\u{5c1}\u{5c2}\u{5c4}\u{5c5}\u{618}\u{619}\u{64b}\u{64e}\u{64f}\u{652}\u{653}\u{656}\u{657}\u{658}\u{659}\u{65a}\u{65b}\u{65c}\u{65d}\u{6df}\u{6e8}\u{6ec}\u{740}\u{741}\u{747}\u{7eb}\u{7ed}\u{7ee}\u{7f3}\u{8ea}\u{8eb}\u{8ed}\u{8ee}\u{8f0}\u{8f3}\u{8f8}\u{8f9}\u{8fa}\u{8ff}\u{900}\u{901}\u{902}\u{93c}\u{952}\u{953}\u{954}\u{981}\u{9bc}\u{a02}\u{a3c}\u{a81}\u{a82}\u{abc}\u{b01}\u{b3c}\u{b82}\u{bcd}\u{c00}\u{c81}\u{d01}\u{e4d}\u{ecd}\u{f37}\u{1036}\u{17c6}\u{17d3}\u{1cd0}\u{1cd2}\u{1cd5}\u{1cd8}\u{1cd9}\u{1cda}\u{1cdc}\u{1cdd}\u{1cde}\u{1ced}\u{2de8}\u{2dea}\u{2ded}\u{2def}\u{2df6}\u{2df7}\u{302c}\u{302d}\u{309a}\u{a66f}\u{a67c}\u{a6f0}\u{a6f1}\u{10a3a}\u{111ca}\u{11300}\u{114bf}\u{114c3}',
  ),
  ...letters(
    'a',
    '\u{251}\u{391}\u{3b1}\u{410}\u{430}\u{13aa}\u{15c5}\u{2376}\u{237a}\u{2c6d}\u{a4ee}\u{102a0}\u{16f40}',
  ),
  ...letters('aa', '\u{a732}\u{a733}'),
  ...letters('ae', '\u{c6}\u{e6}\u{4d4}\u{4d5}'),
  ...letters('ao', '\u{a734}\u{a735}'),
  ...letters('ar', '\u{1f707}'),
  ...letters(
    'b',
    '\u{180}\u{182}\u{183}\u{184}\u{243}\u{253}\u{392}\u{411}\u{412}\u{42c}\u{462}\u{463}\u{48c}\u{48d}\u{13cf}\u{13f4}\u{1472}\u{1473}\u{15af}\u{15f7}\u{a4d0}\u{a7b4}\u{10282}\u{102a1}\u{10301}',
  ),
  ...letters(
    'd',
    '\u{d0}\u{110}\u{111}\u{189}\u{18b}\u{18c}\u{256}\u{257}\u{500}\u{501}\u{13a0}\u{13e7}\u{146f}\u{15de}\u{15ea}\u{20ab}\u{a4d2}\u{a4d3}',
  ),
  ...letters(
    'e',
    '\u{246}\u{247}\u{395}\u{415}\u{435}\u{4bc}\u{4bd}\u{4be}\u{4bf}\u{13ac}\u{212e}\u{22ff}\u{2d39}\u{a4f0}\u{ab32}\u{10286}\u{118a6}\u{118ae}',
  ),
  ...letters(
    'h',
    '\u{126}\u{127}\u{266}\u{397}\u{40b}\u{41d}\u{45b}\u{4a2}\u{4ba}\u{4bb}\u{4c7}\u{4c9}\u{540}\u{570}\u{13bb}\u{13c2}\u{13f2}\u{157c}\u{2c67}\u{2c8e}\u{a4e7}\u{a694}\u{a695}\u{a7aa}\u{102cf}\u{104cd}',
  ),
  ...letters(
    'n',
    '\u{19d}\u{19e}\u{220}\u{273}\u{39d}\u{3b7}\u{548}\u{578}\u{57c}\u{1260}\u{144e}\u{1d70}\u{2229}\u{22c2}\u{2c9a}\u{a4e0}\u{a4f5}\u{1018e}\u{10513}\u{1d245}',
  ),
  ...letters(
    'o',
    '\u{30}\u{d8}\u{f8}\u{19f}\u{275}\u{398}\u{39f}\u{3b8}\u{3bf}\u{3c3}\u{41e}\u{43e}\u{472}\u{473}\u{4e8}\u{4e9}\u{555}\u{585}\u{5e1}\u{647}\u{665}\u{6be}\u{6c1}\u{6d5}\u{6f5}\u{6ff}\u{7c0}\u{966}\u{9e6}\u{a66}\u{ae6}\u{b20}\u{b66}\u{be6}\u{c02}\u{c66}\u{c82}\u{ce6}\u{d02}\u{d20}\u{d66}\u{d82}\u{e50}\u{ed0}\u{101d}\u{1040}\u{10ff}\u{12d0}\u{13be}\u{13eb}\u{1cbf}\u{1d0f}\u{1d11}\u{2296}\u{229d}\u{236c}\u{2c9e}\u{2c9f}\u{2d31}\u{2d41}\u{2d54}\u{3007}\u{a4f3}\u{a74a}\u{a74b}\u{ab3d}\u{ab3e}\u{ab74}\u{ab8e}\u{abbb}\u{10292}\u{102ab}\u{10404}\u{1042c}\u{104c2}\u{104ea}\u{10516}\u{114d0}\u{118b5}\u{118c8}\u{118d7}\u{118e0}\u{1d21a}\u{1f714}',
  ),
  ...letters('oe', '\u{152}\u{153}'),
  ...letters('oo', '\u{221e}\u{a698}\u{a699}\u{a74e}\u{a74f}'),
  ...letters(
    'r',
    '\u{1a6}\u{24c}\u{24d}\u{27c}\u{27d}\u{433}\u{493}\u{13a1}\u{13d2}\u{1587}\u{1d26}\u{1d72}\u{2c64}\u{2c85}\u{a4e3}\u{ab47}\u{ab48}\u{ab81}\u{104b4}\u{16f35}\u{1d216}',
  ),
  ...letters(
    'rn',
    '\u{4d}\u{6d}\u{271}\u{39c}\u{3fa}\u{41c}\u{4cd}\u{13b7}\u{15f0}\u{16d6}\u{1d6f}\u{20a5}\u{2c6e}\u{2c98}\u{a4df}\u{102b0}\u{10311}\u{11700}\u{118e3}',
  ),
  ...letters('rnb', '\u{1f76b}'),
  ...letters(
    's',
    '\u{1bd}\u{282}\u{405}\u{455}\u{54f}\u{13d5}\u{13da}\u{1d74}\u{a4e2}\u{a731}\u{a7c5}\u{abaa}\u{10296}\u{10420}\u{10448}\u{118a1}\u{118c1}\u{16f3a}',
  ),
  ...letters('sss', '\u{1f75c}'),
  ...letters(
    't',
    '\u{166}\u{167}\u{1ad}\u{1ae}\u{23e}\u{3a4}\u{422}\u{4ac}\u{13a2}\u{1d75}\u{20ae}\u{22a4}\u{2361}\u{27d9}\u{2ca6}\u{a4d4}\u{10297}\u{102b1}\u{10315}\u{118bc}\u{16f0a}\u{1f768}',
  ),
  ...letters('ts', '\u{2a6}'),
  ...letters('ট', '\u{11499}'),
  ...letters('ড', '\u{1149b}'),
  ...letters('ব', '\u{114a9}'),
  ...letters('ম', '\u{114a7}'),
  ...letters('র', '\u{114ab}'),
  ...letters('স', '\u{114ae}'),
  ...letters('া', '\u{114b0}'),
  ...letters('ে', '\u{114b9}'),
]);
