/**
 * What a form tells its draft (./use-form-draft.ts): the person changed something, or the post was handed to the
 * outbox. Kept with the form, since the draft's code loads after the form has drawn (decision 0026): what happened
 * before it came is read when it does. One per form, made once (`useState(createDraftSignals)`).
 */
export interface DraftSignals {
  /** The person changed a field or a photo. */
  changed(): void;
  /** The post was handed to the outbox (sent, or waiting there): nothing is kept any more, leaving does not ask. */
  handedOver(): void;
  /** Whether the person changed anything since the form opened. */
  readonly hasChanged: boolean;
  readonly isHandedOver: boolean;
  /** Calls `listener` at each signal; answers the way to stop. */
  listen(listener: () => void): () => void;
}

export function createDraftSignals(): DraftSignals {
  let hasChanged = false;
  let isHandedOver = false;
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((listener) => listener());
  return {
    changed() {
      if (isHandedOver) return;
      hasChanged = true;
      tell();
    },
    handedOver() {
      isHandedOver = true;
      tell();
    },
    get hasChanged() {
      return hasChanged;
    },
    get isHandedOver() {
      return isHandedOver;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
