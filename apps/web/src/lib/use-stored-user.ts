/**
 * React binding of the stored user (spec §3 "User": browser storage under key `user`).
 * Re-renders on the 'mathsprint:user' window event that storage.ts dispatches on every change in
 * this tab, and on the 'storage' event for changes made in another tab.
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { useSyncExternalStore } from 'react';
import { getStoredUser } from './storage';

/** Window event dispatched by storage.ts whenever the stored user or token changes. */
export const USER_EVENT = 'mathsprint:user';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'user' || event.key === 'token') onChange();
  };
  window.addEventListener(USER_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(USER_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs a stable snapshot: re-parse only when the raw string changes.
let cachedRaw: string | null | undefined;
let cachedUser: PublicUser | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem('user');
  } catch {
    return null;
  }
}

function getSnapshot(): PublicUser | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = getStoredUser();
  }
  return cachedUser;
}

/** The stored user, or null when none is stored. */
export function useStoredUser(): PublicUser | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
