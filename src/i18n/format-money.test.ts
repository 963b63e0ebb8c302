import { describe, expect, it } from 'vitest';
import { formatTaka } from './format';

const intl = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 });

describe('formatTaka', () => {
  it('writes amounts as "BDT 12,500"', () => {
    expect(formatTaka(12_500)).toBe('BDT\u00a012,500');
    expect(formatTaka(0)).toBe('BDT\u00a00');
    expect(formatTaka(1_250_000)).toBe('BDT\u00a01,250,000');
  });

  it("answers what Intl's en-BD taka format answers, for every kind of amount", () => {
    const amounts = [
      0,
      -0,
      1,
      5,
      12.4,
      12.5,
      12.6,
      -12.5,
      -0.4,
      999,
      1000,
      999.5,
      9_999,
      10_000,
      99_999.5,
      123_456,
      1_000_000,
      12_345_678,
      -5_000,
      -1_234_567.5,
      2 ** 40,
      Number.MAX_SAFE_INTEGER,
      1e21,
      -1e21,
      Infinity,
      -Infinity,
      NaN,
    ];
    // And a spread of random ones, the same on every run.
    let seed = 7;
    for (let i = 0; i < 500; i += 1) {
      seed = (seed * 16_807) % 2_147_483_647;
      amounts.push((seed % 100_000_000) / (i % 3 === 0 ? 100 : 1) - (i % 5 === 0 ? 50_000_000 : 0));
    }
    for (const amount of amounts) expect([amount, formatTaka(amount)]).toEqual([amount, intl.format(amount)]);
  });
});

describe('formatTaka in Bangla', () => {
  it('writes ৳ first, Bangla digits and the lakh grouping', () => {
    expect(formatTaka(12_500, 'bn')).toBe('৳১২,৫০০');
    expect(formatTaka(0, 'bn')).toBe('৳০');
    expect(formatTaka(999, 'bn')).toBe('৳৯৯৯');
    expect(formatTaka(1_234_567, 'bn')).toBe('৳১২,৩৪,৫৬৭');
    expect(formatTaka(-1500.4, 'bn')).toBe('-৳১,৫০০');
  });

  it('groups as Intl bn-BD groups', () => {
    const intl = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
    for (const amount of [1, 12, 123, 1234, 12345, 123456, 1234567, 12345678, 123456789]) {
      expect(formatTaka(amount, 'bn')).toBe(`৳${intl.format(amount)}`);
    }
  });
});
