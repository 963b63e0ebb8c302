import { useOutletContext } from 'react-router-dom';

/**
 * What every /main page may rely on: the guard (src/app/require-sign-in.tsx) renders them only for a
 * signed-in user and hands that user's id down as outlet context, so features need not reach into the
 * accounts feature for it.
 */
export interface SignedInContext {
  selfId: string;
}

/** What a page open to visitors is told (the route manifest's `signIn: 'optional'`): who is signed in, if anyone. */
export interface ViewerContext {
  selfId: string | undefined;
}

export function useSelfId(): string {
  return useOutletContext<SignedInContext>().selfId;
}

/** The signed-in person's id on a page open to visitors, or undefined for a visitor. */
export function useSelfIdIfAny(): string | undefined {
  return useOutletContext<ViewerContext>().selfId;
}
