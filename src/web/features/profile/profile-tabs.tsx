import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROFILE_TABS, type ProfileTab } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../use-hydrated';

const tabClass =
  '-mb-px block shrink-0 whitespace-nowrap rounded-t border border-transparent px-4 py-2.5 font-semibold text-muted hover:text-brand aria-selected:border-line aria-selected:border-b-white aria-selected:bg-white aria-selected:text-brand aria-[current=page]:border-line aria-[current=page]:border-b-white aria-[current=page]:bg-white aria-[current=page]:text-brand';
const listClass = '-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0';
const panelClass = 'rounded-b border border-t-0 border-line bg-white p-4 sm:p-6';

/**
 * SPEC §2's five tabs. The server (and a browser without JavaScript) renders a row of links to `?tab=…`
 * and the chosen panel; once the page runs in the browser an accessible tabs widget takes over (Radix:
 * arrow keys, Home/End, roles and states), whose tabs are still those links, and choosing a tab only
 * changes the URL (the page's data is not fetched again).
 */
export function ProfileTabs({ tab, panels }: { tab: ProfileTab; panels: Record<ProfileTab, ReactNode> }) {
  const t = useT();
  const hydrated = useHydrated();
  const [, setParams] = useSearchParams();
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: the chosen tab is brought into it (never the page scrolled).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen tab or the widget changes
  useEffect(() => {
    const row = list.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (
      row &&
      chosen &&
      (chosen.offsetLeft < row.scrollLeft || chosen.offsetLeft + chosen.offsetWidth > row.scrollLeft + row.clientWidth)
    ) {
      row.scrollLeft = chosen.offsetLeft - row.offsetLeft;
    }
  }, [tab, hydrated]);
  if (!hydrated) {
    return (
      <div>
        <nav aria-label={t('profile.tabs.label')}>
          <ul className={listClass}>
            {PROFILE_TABS.map((id) => (
              <li key={id} className="shrink-0">
                <Link
                  discover="none"
                  to={`?tab=${id}`}
                  aria-current={id === tab ? 'page' : undefined}
                  className={tabClass}
                >
                  {t(`profile.tab.${id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={t(`profile.tab.${tab}`)} className={panelClass}>
          {panels[tab]}
        </section>
      </div>
    );
  }
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setParams({ tab: value }, { replace: true, preventScrollReset: true })}
    >
      <Tabs.List ref={list} aria-label={t('profile.tabs.label')} className={listClass}>
        {PROFILE_TABS.map((id) => (
          <Tabs.Trigger key={id} value={id} asChild>
            <Link discover="none" to={`?tab=${id}`} replace preventScrollReset className={tabClass}>
              {t(`profile.tab.${id}`)}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {PROFILE_TABS.map((id) => (
        <Tabs.Content key={id} value={id} className={panelClass}>
          {panels[id]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
