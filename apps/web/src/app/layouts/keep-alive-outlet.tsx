import { useState, type ReactNode } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { useSession } from '@/shared/stores/session-store';
import { RouteActivityContext } from '@/shared/ui/route-activity';
import type { RouteHandle } from '../routes/route-meta';

interface KeptPage {
  element: ReactNode;
  open: boolean;
}

type KeptPages = Record<string, KeptPage>;

/** The kept pages after this render: the active keep-alive page added, closed pages dropped once logged out. */
function reconcile(kept: KeptPages, active: (KeptPage & { key: string }) | null, isLogin: boolean): KeptPages {
  const stale = Object.keys(kept).filter((key) => !isLogin && !kept[key]?.open && key !== active?.key);
  if ((!active || active.key in kept) && stale.length === 0) {
    return kept;
  }
  const next = Object.fromEntries(Object.entries(kept).filter(([key]) => !stale.includes(key)));
  return active && !(active.key in next) ? { ...next, [active.key]: active } : next;
}

/**
 * The child page, except that keep-alive routes (spec §2: /model, /mirror) stay mounted once visited, hidden, so their
 * state survives a round trip. A kept page that needs login is dropped on logout, so the next user never sees it.
 *
 * A plain hidden element rather than React's <Activity>: Activity re-renders hidden trees at idle priority, so the
 * page would keep answering to `page-title` for a while after the user left, and it would also stop effects, which
 * Vue-style keep-alive pages do not expect. Pages that poll read useRouteActive() to pause.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const isLogin = useSession((state) => state.isLogin);
  const [kept, setKept] = useState<KeptPages>({});
  const activeKey = handle?.keepAlive ? handle.key : null;
  const active = activeKey ? { key: activeKey, element: outlet, open: handle?.noPermission === true } : null;

  // Updating during render (rather than in an effect) keeps a new page at one tree position from its first frame.
  const next = reconcile(kept, active, isLogin);
  if (next !== kept) {
    setKept(next);
  }

  return (
    <>
      {Object.entries(next).map(([key, page]) => (
        <div key={key} hidden={key !== activeKey}>
          <RouteActivityContext value={key === activeKey}>
            {key === activeKey ? outlet : page.element}
          </RouteActivityContext>
        </div>
      ))}
      {activeKey ? null : outlet}
    </>
  );
}
