import { clsx } from 'clsx';
import { ChevronDown, Circle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { activeGroupFor, filterNavigation, isActivePath, NAVIGATION, type NavItem } from '@/lib/navigation';
import { useSidebarMenuStore } from '@/lib/sidebar-store';
import { createTypeahead, findTypeaheadMatch } from '@/lib/typeahead';

type SidebarNavProps = {
  /** Desktop rail: icons only. */
  collapsed?: boolean;
  /** Called after a link is followed (closes the phone drawer). */
  onNavigate?: () => void;
  idPrefix: string;
};

/** The longest matching link among siblings is the active one ("/catalogs" vs "/catalogs/verbs"). */
function activeChildTo(children: readonly NavItem[], pathname: string): string | undefined {
  return children
    .filter((c) => c.to && isActivePath(c.to, pathname))
    .sort((a, b) => (b.to?.length ?? 0) - (a.to?.length ?? 0))[0]?.to;
}

const rowClasses = (active: boolean, collapsed: boolean) =>
  clsx(
    'group flex w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors',
    'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-teal-600',
    collapsed ? 'justify-center p-2.5' : 'px-3 py-2',
    active ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The main menu, filtered by the user's permissions (shared `hasPermission`). Arrow keys, Home and
 * End move between entries; typing letters jumps to the next entry starting with them (the typed
 * text resets after 350 ms, seed §9).
 */
export function SidebarNav({ collapsed = false, onNavigate, idPrefix }: SidebarNavProps) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const { pathname } = useLocation();
  const expanded = useSidebarMenuStore((s) => s.expanded);
  const toggleGroup = useSidebarMenuStore((s) => s.toggleGroup);
  const expandGroup = useSidebarMenuStore((s) => s.expandGroup);
  const setCollapsed = useSidebarMenuStore((s) => s.setCollapsed);
  const items = useMemo(() => filterNavigation(NAVIGATION, user), [user]);
  const listRef = useRef<HTMLUListElement>(null);
  const typeahead = useRef(createTypeahead());

  // Open the group of the current page, so the active entry is visible.
  const activeGroup = activeGroupFor(items, pathname);
  useEffect(() => {
    if (activeGroup) expandGroup(activeGroup);
  }, [activeGroup, expandGroup]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-nav-entry]') ?? []);
    if (entries.length === 0) return;
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      entries[(index + entries.length) % entries.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focusAt(current + 1);
      case 'ArrowUp':
        return focusAt(current < 0 ? entries.length - 1 : current - 1);
      case 'Home':
        return focusAt(0);
      case 'End':
        return focusAt(entries.length - 1);
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const search = typeahead.current.push(event.key);
          const labels = entries.map((e) => e.dataset.navLabel ?? e.textContent ?? '');
          const match = findTypeaheadMatch(labels, search, current);
          if (match >= 0) focusAt(match);
        }
    }
  };

  const renderLink = (item: NavItem, active: boolean, nested: boolean) => {
    const Icon = item.icon ?? Circle;
    const label = t(item.label);
    return (
      <Link
        to={item.to ?? '/'}
        data-nav-entry=""
        data-nav-label={label}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? label : undefined}
        onClick={onNavigate}
        className={clsx(rowClasses(active, collapsed), nested && !collapsed && 'pl-11 font-normal')}
      >
        {!nested && (
          <Icon
            className={clsx('size-5 shrink-0', active ? 'text-teal-700' : 'text-slate-500 group-hover:text-slate-700')}
            aria-hidden="true"
          />
        )}
        <span className={clsx('truncate', collapsed && 'sr-only')}>{label}</span>
      </Link>
    );
  };

  const topActive = activeChildTo(items, pathname);

  return (
    <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
      <ul ref={listRef} onKeyDown={onKeyDown} className="flex flex-col gap-1">
        {items.map((item) => {
          if (!item.children) {
            return <li key={item.id}>{renderLink(item, item.to === topActive, false)}</li>;
          }
          const Icon = item.icon ?? Circle;
          const label = t(item.label);
          const open = expanded.includes(item.id) && !collapsed;
          const groupId = `${idPrefix}-group-${item.id}`;
          const childActive = activeChildTo(item.children, pathname);
          return (
            <li key={item.id}>
              <button
                type="button"
                data-nav-entry=""
                data-nav-label={label}
                aria-expanded={open}
                aria-controls={collapsed ? undefined : groupId}
                title={collapsed ? label : undefined}
                onClick={() => {
                  if (collapsed) {
                    setCollapsed(false);
                    expandGroup(item.id);
                  } else {
                    toggleGroup(item.id);
                  }
                }}
                className={rowClasses(Boolean(childActive) && !open, collapsed)}
              >
                <Icon
                  className={clsx('size-5 shrink-0', childActive ? 'text-teal-700' : 'text-slate-500')}
                  aria-hidden="true"
                />
                <span className={clsx('flex-1 truncate text-left', collapsed && 'sr-only')}>{label}</span>
                {!collapsed && (
                  <ChevronDown
                    className={clsx('size-4 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')}
                    aria-hidden="true"
                  />
                )}
              </button>
              {open && (
                <ul id={groupId} className="mt-1 flex flex-col gap-0.5">
                  {item.children.map((child) => (
                    <li key={child.id}>{renderLink(child, child.to === childActive, true)}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
