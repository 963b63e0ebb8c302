import { createStore } from 'jotai';

/** The one jotai store of the app, so that non-React code (API hooks, sync) can read and set atoms too. */
export const appStore = createStore();
