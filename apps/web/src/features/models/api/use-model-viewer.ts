import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import type { ModelViewer } from './keys';

/** The language and session the model center's answers depend on. */
export function useModelViewer(): ModelViewer {
  const language = useInterfaceSettings((state) => state.appLanguage);
  const signedIn = useSession((state) => state.isLogin);
  return { language, signedIn };
}
