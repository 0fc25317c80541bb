import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Bounce, ToastContainer } from 'react-toastify/unstyled';
import { authApi } from '@/features/auth/auth-api';
import { useAuthStore } from '@/lib/auth-store';
import { STORAGE_KEYS } from '@/lib/storage';

/** Seed §9 toast settings. */
export const TOAST_OPTIONS = {
  autoClose: 2000,
  position: 'top-center',
  theme: 'light',
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const;

/** Keep the stored user fresh (permissions may have changed) and follow sign-outs in other tabs. */
function useSessionSync() {
  useEffect(() => {
    if (useAuthStore.getState().token) {
      // A 401 here signs the user out through the API client; other failures keep the stored user.
      authApi
        .me()
        .then((answer) => answer?.data && useAuthStore.getState().setUser(answer.data))
        .catch(() => undefined);
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user || event.key === null) {
        void useAuthStore.persist.rehydrate();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useSessionSync();
  return (
    <>
      {children}
      <ToastContainer {...TOAST_OPTIONS} transition={Bounce} newestOnTop limit={4} aria-label={t('toasts.label')} />
    </>
  );
}
