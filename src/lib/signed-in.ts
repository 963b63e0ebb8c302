import { useOutletContext } from 'react-router-dom';

/**
 * What every /main page may rely on: the guard (src/app/require-sign-in.tsx) renders them only for a
 * signed-in user and hands that user's id down as outlet context, so features need not reach into the
 * accounts feature for it.
 */
export interface SignedInContext {
  selfId: string;
}

export function useSelfId(): string {
  return useOutletContext<SignedInContext>().selfId;
}
