import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROFILE_TABS, type ProfileTab } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';

/**
 * SPEC §2's five tabs as an accessible tabs widget (Radix: arrow keys, Home/End, roles and states) whose
 * tabs are links to `?tab=…`: without JavaScript each is a plain link and the server renders the chosen
 * panel; in the browser choosing a tab only changes the URL (the page's data is not fetched again).
 */
export function ProfileTabs({ tab, panels }: { tab: ProfileTab; panels: Record<ProfileTab, ReactNode> }) {
  const t = useT();
  const [, setParams] = useSearchParams();
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setParams({ tab: value }, { replace: true, preventScrollReset: true })}
    >
      <Tabs.List
        aria-label={t('profile.tabs.label')}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
      >
        {PROFILE_TABS.map((id) => (
          <Tabs.Trigger key={id} value={id} asChild>
            <Link
              to={`?tab=${id}`}
              replace
              preventScrollReset
              className="-mb-px shrink-0 whitespace-nowrap rounded-t border border-transparent px-4 py-2.5 font-semibold text-muted hover:text-brand aria-selected:border-line aria-selected:border-b-white aria-selected:bg-white aria-selected:text-brand"
            >
              {t(`profile.tab.${id}`)}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {PROFILE_TABS.map((id) => (
        <Tabs.Content key={id} value={id} className="rounded-b border border-t-0 border-line bg-white p-4 sm:p-6">
          {panels[id]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
