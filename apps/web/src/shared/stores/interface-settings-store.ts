import { DEFAULT_LOCALE, type Locale } from '@suanli/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { snapshotAsItStands } from './arrival-snapshot';
import { PRIMARY_COLOR, STORAGE_KEYS } from '../config/site';

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

const PREVIOUS_PRIMARY_COLOR = '#1677ff';

export const DEFAULT_INTERFACE_SETTINGS: InterfaceSettings = {
  sidebarCollapsed: false,
  isMobile: false,
  navTheme: 'light',
  layout: 'topmenu',
  fixedHeader: true,
  fixedSidebar: false,
  contentWidth: 'fluid',
  autoHideHeader: false,
  color: PRIMARY_COLOR,
  weakMode: false,
  multiTab: false,
  appLanguage: DEFAULT_LOCALE,
};

export const useInterfaceSettings = create<InterfaceSettings & InterfaceSettingsActions>()(
  snapshotAsItStands(
    persist(
      (set) => ({
        ...DEFAULT_INTERFACE_SETTINGS,
        setLanguage: (appLanguage) => set({ appLanguage }),
        update: (changes) => set(changes),
      }),
      {
        name: STORAGE_KEYS.interfaceSettings,
        version: 2,
        storage: createJSONStorage(() => localStorage),
        // Version 1 stored the old default blue for everyone who never chose a colour; they get the new default.
        migrate: (persisted, version) => {
          const settings = persisted as Partial<InterfaceSettings>;
          return version < 2 && settings.color === PREVIOUS_PRIMARY_COLOR
            ? { ...settings, color: PRIMARY_COLOR }
            : settings;
        },
      },
    ),
  ),
);
