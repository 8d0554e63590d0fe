import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import type { Viewer } from './keys';

/** The language and session the catalogue's answers depend on (see `Viewer`). */
export function useViewer(): Viewer {
  const language = useInterfaceSettings((state) => state.appLanguage);
  const signedIn = useSession((state) => state.isLogin);
  return { language, signedIn };
}
