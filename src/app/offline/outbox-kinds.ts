import type { OutboxKind } from '@/domain/outbox';
import { PROFILES_OUTBOX_KINDS } from '@/features/profiles/api/profiles-outbox-kinds';
import { PUBLIC_SITE_OUTBOX_KINDS } from '@/features/public-site/api/public-site-outbox-kinds';
import { RENT_OUTBOX_KINDS } from '@/features/rent/api/rent-outbox-kinds';
import { CONVERSATIONS_OUTBOX_KINDS } from '@/features/conversations/api/conversations-outbox-kinds';
import { REQUESTS_OUTBOX_KINDS } from '@/features/requests/api/requests-outbox-kinds';
import { SERVICES_OUTBOX_KINDS } from '@/features/services/api/services-outbox-kinds';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import type { OutboxKindDeclaration, OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';
import { SAVED_OUTBOX_KINDS } from '@/lib/saved/saved-outbox-kind';

/**
 * Each owner's outbox kinds, as it declares them beside its senders (the feature owns its kinds). A kind is
 * declared by one owner only (outbox-kinds.test.ts).
 */
export const OUTBOX_KINDS_BY_OWNER = [
  RENT_OUTBOX_KINDS,
  SERVICES_OUTBOX_KINDS,
  PUBLIC_SITE_OUTBOX_KINDS,
  PROFILES_OUTBOX_KINDS,
  SAVED_OUTBOX_KINDS,
  REQUESTS_OUTBOX_KINDS,
  CONVERSATIONS_OUTBOX_KINDS,
] as const;

/**
 * Every kind of outbox item, composed from its owners' declarations: its payload's schema is
 * `OUTBOX_PAYLOADS[kind]` (src/domain, where pages, the outbox and tests all read it); its sender and its edit page
 * are declared by the feature that owns it, and composed here, the one layer that may reach into every feature. A
 * kind added to `OUTBOX_KINDS` in src/domain/outbox.ts is a type error until it has its payload and an owner
 * declares it (and the owner's table is spread in here).
 */
export const OUTBOX_KIND_DECLARATIONS: OutboxKindDeclarations<OutboxKind> = {
  ...RENT_OUTBOX_KINDS,
  ...SERVICES_OUTBOX_KINDS,
  ...PUBLIC_SITE_OUTBOX_KINDS,
  ...PROFILES_OUTBOX_KINDS,
  ...SAVED_OUTBOX_KINDS,
  ...REQUESTS_OUTBOX_KINDS,
  ...CONVERSATIONS_OUTBOX_KINDS,
};

/** Where an item can be edited: its kind's form. */
export function outboxEditPath<K extends OutboxKind>(item: OutboxItem<K>): string | undefined {
  const declaration: OutboxKindDeclaration<K> = OUTBOX_KIND_DECLARATIONS[item.kind];
  return declaration.editPath(item);
}
