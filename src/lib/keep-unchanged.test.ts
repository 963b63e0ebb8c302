import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameRecord } from './keep-unchanged';

const record = (id: string, price: number) => ({ _id: id, price, tags: ['a', 'b'] });

describe('keepUnchanged', () => {
  it('answers the previous list itself when a fresh read holds the same records in the same order', () => {
    const previous = [record('1', 100), record('2', 200)];
    const next = [record('1', 100), record('2', 200)];
    expect(keepUnchanged(previous, next)).toBe(previous);
  });

  it('keeps the earlier objects of unchanged records and takes the changed and new ones', () => {
    const previous = [record('1', 100), record('2', 200)];
    const next = [record('3', 50), record('1', 100), record('2', 250)];
    const kept = keepUnchanged(previous, next);
    expect(kept).not.toBe(previous);
    expect(kept).toEqual(next);
    expect(kept[0]).toBe(next[0]);
    expect(kept[1]).toBe(previous[0]);
    expect(kept[2]).toBe(next[2]);
  });

  it('answers a new list when records are reordered or dropped, even if each one is unchanged', () => {
    const previous = [record('1', 100), record('2', 200)];
    const reordered = keepUnchanged(previous, [record('2', 200), record('1', 100)]);
    expect(reordered).not.toBe(previous);
    expect(reordered.map((item) => item._id)).toEqual(['2', '1']);
    expect(reordered[0]).toBe(previous[1]);
    const shorter = keepUnchanged(previous, [record('1', 100)]);
    expect(shorter).toHaveLength(1);
    expect(shorter).not.toBe(previous);
  });

  it('answers the fresh list when there was none before', () => {
    const next = [record('1', 100)];
    expect(keepUnchanged(undefined, next)).toBe(next);
  });

  it('sees a change deep inside a record', () => {
    expect(sameRecord(record('1', 100), record('1', 100))).toBe(true);
    expect(sameRecord({ ...record('1', 100), tags: ['a', 'c'] }, record('1', 100))).toBe(false);
  });
});
