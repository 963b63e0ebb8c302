import { atom } from 'jotai';
import { TOAST_DEFAULT_DURATION_MS } from '@/domain/constants';
import { appStore } from '@/lib/app-store';

/** The shared notification mechanism of the shell spec (2.10). */

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before it closes by itself; 0 or less keeps it until the user closes it. */
  duration: number;
}

export const toastsAtom = atom<Toast[]>([]);

let nextToastNumber = 1;

export function showToast(message: string, type: ToastType = 'info', duration = TOAST_DEFAULT_DURATION_MS): string {
  const id = `toast-${nextToastNumber++}`;
  appStore.set(toastsAtom, (toasts) => [...toasts, { id, message, type, duration }]);
  return id;
}

export function dismissToast(id: string): void {
  appStore.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}
