import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { ChevronDown, KeyRound, LogOut, Settings } from 'lucide-react';
import type { SessionUser } from '@habla/shared/schemas/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { useAuthStore } from '@/lib/auth-store';

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

const buttonClasses =
  'flex h-10 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600 sm:pr-3';

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-teal-50 data-focus:text-teal-900';

/** The signed-in user's name with a menu: Change password, Log out. */
export function UserMenu() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const face = (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-teal-700 text-xs font-semibold text-white"
      >
        {initials(user.first_name, user.last_name)}
      </span>
      <span className="sr-only max-w-40 truncate sm:not-sr-only">{name}</span>
      <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden="true" />
    </>
  );
  return (
    <AfterFirstPaint
      placeholder={
        <div className="relative">
          <button type="button" aria-haspopup="menu" aria-expanded="false" className={buttonClasses}>
            {face}
          </button>
        </div>
      }
    >
      <UserMenuItems user={user} name={name} face={face} />
    </AfterFirstPaint>
  );
}

function UserMenuItems({ user, name, face }: { user: SessionUser; name: string; face: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu as="div" className="relative">
      <MenuButton className={`${buttonClasses} data-open:bg-slate-100`}>{face}</MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg focus:outline-none"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{user.email ?? user.username}</p>
          <p className="mt-1 text-xs font-medium text-teal-800">{t(`roles.${user.role}`)}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuItem>
          <Link to="/settings" className={itemClasses}>
            <Settings className="size-4 text-slate-500" aria-hidden="true" />
            {t('nav.setting')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/changePassword" className={itemClasses}>
            <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
            {t('header.changePassword')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/logout" className={itemClasses}>
            <LogOut className="size-4 text-slate-500" aria-hidden="true" />
            {t('header.logout')}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
