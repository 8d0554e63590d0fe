import { DEFAULT_LOCALE, type Locale } from '@suanli/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../config/site';

/** The persisted interface settings of spec §3. */
export interface InterfaceSettings {
  sidebarCollapsed: boolean;
  isMobile: boolean;
  navTheme: 'light' | 'dark';
  layout: 'topmenu' | 'sidemenu';
  fixedHeader: boolean;
  fixedSidebar: boolean;
  contentWidth: 'fluid' | 'fixed';
  autoHideHeader: boolean;
  color: string;
  weakMode: boolean;
  multiTab: boolean;
  appLanguage: Locale;
}

interface InterfaceSettingsActions {
  setLanguage: (language: Locale) => void;
  update: (changes: Partial<InterfaceSettings>) => void;
}

export const DEFAULT_INTERFACE_SETTINGS: InterfaceSettings = {
  sidebarCollapsed: false,
  isMobile: false,
  navTheme: 'light',
  layout: 'topmenu',
  fixedHeader: true,
  fixedSidebar: false,
  contentWidth: 'fluid',
  autoHideHeader: false,
  color: '#1677ff',
  weakMode: false,
  multiTab: false,
  appLanguage: DEFAULT_LOCALE,
};

export const useInterfaceSettings = create<InterfaceSettings & InterfaceSettingsActions>()(
  persist(
    (set) => ({
      ...DEFAULT_INTERFACE_SETTINGS,
      setLanguage: (appLanguage) => set({ appLanguage }),
      update: (changes) => set(changes),
    }),
    {
      name: STORAGE_KEYS.interfaceSettings,
      version: 1,
      storage: createJSONStorage(() => localStorage),
    },
  ),
);
