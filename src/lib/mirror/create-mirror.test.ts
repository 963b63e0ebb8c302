import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createMirror, type MirrorChange, type MirrorQuery } from './create-mirror';
import { SYNC_FROM_START } from '@/domain/sync-cursor';
import type { SyncViewer } from '@/domain/sync-pages';
import { createMirrorSync } from './mirror-sync';

interface Note {
  _id: string;
  rank: number;
  tag: string;
}

const isNote = (value: unknown): value is Note =>
  typeof value === 'object' &&
  value !== null &&
  '_id' in value &&
  typeof value._id === 'string' &&
  'rank' in value &&
  typeof value.rank === 'number' &&
  'tag' in value &&
  typeof value.tag === 'string';

const config = { name: 'mirror-test', rows: 'notes', indexes: ['rank'], isRow: isNote };
const notes: Note[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `note-${String((i * 11) % 25).padStart(2, '0')}`,
  rank: i % 6,
  tag: i % 3 === 0 ? 'red' : 'blue',
}));
const byRank = (a: Note, b: Note) => a.rank - b.rank || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

const opened: { close(): void }[] = [];
function mirror() {
  const made = createMirror(config);
  opened.push(made);
  return made;
}

async function fill(target = mirror()) {
  const sync = createMirrorSync(
    target,
    () => Promise.reject(new Error('no network in this test')),
    () => 'member',
  );
  await sync.applyDelta({ changed: notes, deleted: [], cursor: '1' }, { full: true, now: 1 });
  return target;
}

afterEach(async () => {
  opened.splice(0).forEach((made) => made.close());
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(config.name);
    request.onsuccess = request.onerror = resolve;
  });
});

describe('a mirror made by the factory', () => {
  it('answers a walk of an index and a filter in memory alike: the rows of the order, ties by id', async () => {
    const notesMirror = await fill();
    const questions: [string, MirrorQuery<Note>, Note[]][] = [
      ['by rank', { order: { compare: byRank, index: 'rank', direction: 'asc' } }, [...notes].sort(byRank)],
      [
        'by rank, descending',
        { order: { compare: (a, b) => byRank(b, a), index: 'rank', direction: 'desc' } },
        [...notes].sort(byRank).reverse(),
      ],
      ['by id', {}, [...notes].sort((a, b) => (a._id < b._id ? -1 : 1))],
    ];
    for (const [label, question, expected] of questions) {
      for (const limit of [0, 1, 7, 30]) {
        // Without `where` the rows come from a walk; with one that keeps every row, from memory.
        const walked = await notesMirror.query({ ...question, limit });
        const filtered = await notesMirror.query({ ...question, where: () => true, limit });
        const answer = { rows: expected.slice(0, limit), total: notes.length, all: notes.length };
        expect(walked, `${label} ${limit}`).toEqual(answer);
        expect(filtered, `${label} ${limit} in memory`).toEqual(answer);
      }
    }
    const red = await notesMirror.query({ where: (note) => note.tag === 'red', limit: 3 });
    expect(red.total).toBe(notes.filter((note) => note.tag === 'red').length);
    expect(red.rows).toHaveLength(3);
    expect(red.all).toBe(notes.length);
  });

  it('keeps only the first rows of a long list in order as a stable sort would, ties included', async () => {
    const notesMirror = mirror();
    const many = Array.from({ length: 400 }, (_, i) => ({
      _id: `row-${String((i * 37) % 400).padStart(3, '0')}`,
      rank: (i * 13) % 7,
      tag: i % 2 ? 'red' : 'blue',
    }));
    await notesMirror.replaceWhere(() => true, many);
    const stored = [...many].sort((a, b) => (a._id < b._id ? -1 : 1));
    // Ranks only: rows of the same rank keep the order they are stored in (by id).
    const byRankOnly = (a: Note, b: Note) => b.rank - a.rank;
    for (const limit of [1, 5, 20, 49]) {
      const answer = await notesMirror.query({
        where: (note) => note.tag === 'red',
        order: { compare: byRankOnly, direction: 'desc' },
        limit,
      });
      const expected = stored.filter((note) => note.tag === 'red').sort(byRankOnly);
      expect(answer.rows, `limit ${limit}`).toEqual(expected.slice(0, limit));
      expect(answer.total).toBe(200);
    }
  });

  it('tells its listeners, in this tab and in another, what changed; a row stored again as it is tells nothing', async () => {
    const here = await fill();
    const there = mirror();
    // The other tab has read its rows before the change.
    expect((await there.query({ where: (note) => note.tag === 'green' })).total).toBe(0);
    const heardHere: MirrorChange[] = [];
    const heardThere: MirrorChange[] = [];
    here.subscribe((change) => heardHere.push(change));
    const stop = there.subscribe((change) => heardThere.push(change));

    await here.put(notes[0]!);
    await here.remove('never-there');
    expect(heardHere).toEqual([]);

    await here.put({ ...notes[0]!, tag: 'green' });
    expect(heardHere).toEqual([{ rowsChanged: true }]);
    await expect.poll(() => heardThere).toEqual([{ rowsChanged: true }]);
    // The other tab's rows in memory are read again: the stamp they were read at has moved.
    expect((await there.query({ where: (note) => note.tag === 'green' })).rows).toEqual([
      { ...notes[0]!, tag: 'green' },
    ]);
    stop();
  });

  it('leaves out a stored row that fails the check, from every answer', async () => {
    const notesMirror = await fill();
    await notesMirror.write(async (writer) => {
      await writer.rows.put({ _id: 'note-broken', rank: 'first' });
      writer.rowsChanged();
    });
    expect(await notesMirror.get('note-broken')).toBeUndefined();
    expect((await notesMirror.query({ where: () => true })).rows.map((note) => note._id)).not.toContain('note-broken');
    const walked = await notesMirror.query({ limit: 100 });
    expect(walked.rows.map((note) => note._id)).not.toContain('note-broken');
  });

  it('keeps nothing of a write that fails half way', async () => {
    const notesMirror = await fill();
    await expect(
      notesMirror.write(async (writer) => {
        await writer.rows.delete(notes[0]!._id);
        writer.rowsChanged();
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(await notesMirror.get(notes[0]!._id)).toEqual(notes[0]);
  });

  it('replaces the rows a predicate selects, leaving the others', async () => {
    const notesMirror = await fill();
    const fresh = { _id: 'note-new', rank: 9, tag: 'red' };
    await notesMirror.replaceWhere((note) => note.tag === 'red', [fresh]);
    const all = (await notesMirror.query({ where: () => true })).rows;
    expect(all.filter((note) => note.tag === 'red')).toEqual([fresh]);
    expect(all.filter((note) => note.tag === 'blue')).toHaveLength(notes.filter((note) => note.tag === 'blue').length);
  });
});

describe('a mirror synced for whoever is on the phone', () => {
  /** The rows as the server answers them to each viewer: visitors get no tag here, as they get no phone number. */
  const answerTo = (viewer: SyncViewer) => (viewer === 'member' ? notes : notes.map((note) => ({ ...note, tag: '' })));
  const tags = async (target: ReturnType<typeof mirror>) =>
    new Set((await target.query({ limit: notes.length })).rows.map((note) => note.tag));

  it('syncs in full when the viewer changes, replacing every row answered to the other', async () => {
    const target = mirror();
    let viewer: SyncViewer = 'member';
    const asked: string[] = [];
    const sync = createMirrorSync(
      target,
      async (since) => {
        asked.push(`${viewer} ${since}`);
        return { changed: answerTo(viewer), deleted: [], cursor: '7', more: false };
      },
      () => viewer,
    );
    await sync.sync();
    await sync.sync();
    viewer = 'visitor';
    await sync.sync();
    expect(asked).toEqual([`member ${SYNC_FROM_START}`, 'member 7', `visitor ${SYNC_FROM_START}`]);
    expect(await tags(target)).toEqual(new Set(['']));
    expect((await sync.readSyncState())?.viewer).toBe('visitor');
  });

  it('stores nothing answered after the viewer changed, and syncs again as the new viewer', async () => {
    const target = mirror();
    let viewer: SyncViewer = 'visitor';
    const asked: string[] = [];
    const sync = createMirrorSync(
      target,
      async (since) => {
        const answeredTo = viewer;
        asked.push(`${answeredTo} ${since}`);
        // Someone signs in while the visitor's page is on its way.
        viewer = 'member';
        return { changed: answerTo(answeredTo), deleted: [], cursor: '7', more: false };
      },
      () => viewer,
    );
    await sync.sync();
    expect(asked).toEqual([`visitor ${SYNC_FROM_START}`, `member ${SYNC_FROM_START}`]);
    expect(await tags(target)).toEqual(new Set(['red', 'blue']));
    expect((await sync.readSyncState())?.viewer).toBe('member');
  });
});
