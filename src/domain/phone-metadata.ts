/**
 * Bangladesh's entry of libphonenumber-js's mobile metadata (metadata.mobile.json), alone: the full metadata is
 * tens of kilobytes that forms would load for one country. phone.test.ts holds it equal to the installed package's.
 */
import type { MetadataJson } from 'libphonenumber-js/core';

/** The package's own entry for Bangladesh, as it ships it (phone.test.ts compares the two). */
const BD_PLAN = [
  '880',
  '00',
  '[1-469]\\d{9}|8[0-79]\\d{7,8}|[2-79]\\d{8}|[2-9]\\d{7}|[3-9]\\d{6}|[57-9]\\d{5}',
  [6, 7, 8, 9, 10],
  [
    ['(\\d{2})(\\d{4,6})', '$1-$2', ['31[5-8]|[459]1'], '0$1'],
    [
      '(\\d{3})(\\d{3,7})',
      '$1-$2',
      [
        '3(?:[67]|8[013-9])|4(?:6[168]|7|[89][18])|5(?:6[128]|9)|6(?:[15]|28)|7[2-589]|8(?:0[014-9]|[12])|9[358]|(?:3[2-5]|4[235]|5[2-578]|6[0389]|76|8[3-7]|9[24])1|(?:44|66)[01346-9]',
      ],
      '0$1',
    ],
    ['(\\d{4})(\\d{3,6})', '$1-$2', ['[13-9]|2[23]'], '0$1'],
    ['(\\d)(\\d{7,8})', '$1-$2', ['2'], '0$1'],
  ],
  '0',
  0,
  0,
  0,
  0,
  0,
  [0, ['(?:1[13-9]|64)\\d{8}|(?:3[78]|44|66)[02-9]\\d{7}', [10]]],
];

export const BD_PHONE_METADATA: MetadataJson = {
  version: 4,
  country_calling_codes: { '880': ['BD'] },
  // The type lists every country; only Bangladesh is here, and only Bangladesh is asked for.
  countries: { BD: BD_PLAN } as MetadataJson['countries'],
  nonGeographic: {},
};
