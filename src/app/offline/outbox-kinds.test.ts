import { describe, expect, it } from 'vitest';
import { OUTBOX_KINDS } from '@/domain/outbox';
import { OUTBOX_KIND_DECLARATIONS, OUTBOX_KINDS_BY_OWNER } from './outbox-kinds';

describe('the table of outbox kinds', () => {
  it('has each kind declared by exactly one owner, so that no owner’s declaration hides another’s', () => {
    const declared = OUTBOX_KINDS_BY_OWNER.flatMap((owner) => Object.keys(owner));
    expect([...declared].sort()).toEqual([...OUTBOX_KINDS].sort());
    expect(Object.keys(OUTBOX_KIND_DECLARATIONS).sort()).toEqual([...OUTBOX_KINDS].sort());
  });
});
