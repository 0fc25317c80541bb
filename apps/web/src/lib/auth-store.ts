import type { SessionUser } from '@habla/shared/schemas/auth';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { readItem, readJson, removeItems, STORAGE_KEYS, writeItem, writeJson } from './storage';

type AuthData = { token: string | null; user: SessionUser | null };

export type AuthState = AuthData & {
  /** Login success: store the user (JSON under `user`) and save the token (under `token`). */
  signIn: (user: SessionUser, token: string) => void;
  /** Replace the stored user (e.g. after `GET /api/auth/me`); ignored once signed out. */
  setUser: (user: SessionUser) => void;
  /** Sign-out: remove `token` and `user`. */
  signOut: () => void;
};

/**
 * Persist the two fields under their own seed keys: `token` holds the raw token string and `user`
 * the SessionUser JSON (with `permissions` and `view_options`), not zustand's default wrapper.
 */
const authStorage: PersistStorage<AuthData> = {
  getItem: (): StorageValue<AuthData> => ({
    state: { token: readItem(STORAGE_KEYS.token), user: readJson<SessionUser>(STORAGE_KEYS.user) },
    version: 0,
  }),
  setItem: (_name, { state }) => {
    if (state.token) writeItem(STORAGE_KEYS.token, state.token);
    else removeItems(STORAGE_KEYS.token);
    if (state.user) writeJson(STORAGE_KEYS.user, state.user);
    else removeItems(STORAGE_KEYS.user);
  },
  removeItem: () => removeItems(STORAGE_KEYS.token, STORAGE_KEYS.user),
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (user, token) => set({ user, token }),
      // Only while signed in: a late answer (the start-up GET /api/auth/me, a saved column layout) that
      // lands after a sign-out must not store the user again.
      // The same user again (the start-up refresh, usually) changes nothing: every screen reading
      // the user would otherwise render again, at once and in one piece.
      setUser: (user) => set((s) => (s.token && JSON.stringify(s.user) !== JSON.stringify(user) ? { user } : s)),
      signOut: () => set({ user: null, token: null }),
    }),
    {
      name: 'auth',
      storage: authStorage,
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

/** Whether a session token is stored (the Main layout's gate). */
export const selectIsSignedIn = (s: AuthState): boolean => Boolean(s.token);
