import { describe, expect, it } from 'vitest';
import { readTypedDigits, readTypedNumber, typedNumberValue, type TypedNumber } from './typed-number';

const number = (value: number): TypedNumber => ({ kind: 'number', value });
const notANumber: TypedNumber = { kind: 'unreadable', reason: 'not-a-number' };
const grouping: TypedNumber = { kind: 'unreadable', reason: 'grouping' };
const blank: TypedNumber = { kind: 'blank' };

describe('readTypedNumber: numbers as people type them', () => {
  it.each<[string, TypedNumber]>([
    // Plain digits, either script, mixed.
    ['18000', number(18000)],
    ['১৮০০০', number(18000)],
    ['১৮000', number(18000)],
    ['  ১২০০০ ', number(12000)],
    ['0', number(0)],
    ['007', number(7)],
    // Grouping as the app prints it: thousands and lakh, Latin and Bangla digits.
    ['18,000', number(18000)],
    ['১৮,০০০', number(18000)],
    ['120,000', number(120000)],
    ['1,20,000', number(120000)],
    ['১,২০,০০০', number(120000)],
    ['12,34,567', number(1234567)],
    ['1,234,567', number(1234567)],
    // Spaces as group separators, including the no-break and thin spaces of a copied price.
    ['18 000', number(18000)],
    ['1 20 000', number(120000)],
    ['18\u00a0000', number(18000)],
    ['18\u202f000', number(18000)],
    // A currency before or after, and the closing mark of a receipt.
    ['৳১৮,০০০', number(18000)],
    ['৳ 18,000', number(18000)],
    ['BDT 18,000', number(18000)],
    ['BDT\u00a018,000', number(18000)],
    ['bdt18000', number(18000)],
    ['Tk 500', number(500)],
    ['Tk. 500', number(500)],
    ['tk500', number(500)],
    ['500 Tk', number(500)],
    ['১৮,০০০ টাকা', number(18000)],
    ['18,000 taka', number(18000)],
    ['18,000/-', number(18000)],
    ['Tk 18,000/=', number(18000)],
    ['১৮,০০০/-', number(18000)],
    // A sign and decimals are read, for the rules to answer "more than 0" and "whole taka".
    ['-500', number(-500)],
    ['−500', number(-500)],
    ['-0', number(0)],
    ['1.5', number(1.5)],
    ['১২.৫০', number(12.5)],
    ['1,000.50', number(1000.5)],
    // Blank.
    ['', blank],
    ['   ', blank],
    ['\u00a0', blank],
    // Garbage.
    ['12abc', notANumber],
    ['abc', notANumber],
    ['দশ', notANumber],
    ['১২ হাজার', notANumber],
    ['12k', notANumber],
    ['৳', notANumber],
    ['BDT', notANumber],
    ['+500', notANumber],
    ['1e5', notANumber],
    ['0x10', notANumber],
    ['Infinity', notANumber],
    ['.5', notANumber],
    ['1.', notANumber],
    ['1.2345', notANumber],
    ['12-000', notANumber],
    ['18,000 BDT BDT', notANumber],
    // Commas and spaces that group no way a person writes a number: refused, not guessed.
    ['1,2,3', grouping],
    ['12,00', grouping],
    ['1,0000', grouping],
    ['1,000,00', grouping],
    ['18,', grouping],
    [',18', notANumber],
    ['18,,000', grouping],
    ['1  000', number(1000)],
    ['1 2 3', grouping],
    ['1,20,0000', grouping],
    // A point and three digits: eighteen thousand in much of the world, eighteen here.
    ['18.000', grouping],
    ['1.000.000', grouping],
  ])('%j reads as %j', (typed, expected) => {
    expect(readTypedNumber(typed)).toEqual(expected);
  });

  it('hands a filter the number, or nothing for blank and garbage', () => {
    expect(typedNumberValue('২০,০০০')).toBe(20000);
    expect(typedNumberValue('')).toBeUndefined();
    expect(typedNumberValue('20k')).toBeUndefined();
    expect(typedNumberValue('2,0,000')).toBeUndefined();
  });

  it('never answers a number that is not finite', () => {
    expect(readTypedNumber('9'.repeat(400))).toEqual(notANumber);
  });
});

describe('readTypedDigits: a code typed as digits', () => {
  it.each<[string, string | undefined]>([
    ['1205', '1205'],
    ['১২০৫', '1205'],
    ['১২ ০৫', '1205'],
    [' 12-05 ', '1205'],
    ['0123', '0123'],
    ['Dhaka 1205', undefined],
    ['12O5', undefined],
    ['', undefined],
    ['১২,০৫', undefined],
  ])('%j reads as %j', (typed, expected) => {
    expect(readTypedDigits(typed)).toBe(expected);
  });
});
