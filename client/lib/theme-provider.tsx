import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from '@common/constants';
import {
  SYSTEM_DARK_QUERY,
  applyTheme,
  applyThemeColor,
  browserStorage,
  parseTheme,
  readThemeChoice,
  resolveTheme,
  writeThemeChoice,
  type ResolvedTheme,
} from './theme';

interface ThemeContextValue {
  /** What the member picked: dark, light or system. */
  choice: Theme;
  /** What is shown now. */
  resolved: ResolvedTheme;
  setChoice: (choice: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function systemPrefersDark(): boolean {
  // No window when the page is prerendered at build time (client/prerender.tsx).
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(SYSTEM_DARK_QUERY).matches;
}

/** Holds the theme choice, applies it to <html> at once and follows the OS while the choice is 'system'. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<Theme>(() => readThemeChoice(browserStorage()));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(SYSTEM_DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    media.addEventListener('change', onChange);
    // A change between the first render and now (hydration yields to the browser) sent no event here.
    setSystemDark(media.matches);
    return () => media.removeEventListener('change', onChange);
  }, []);

  // Another tab changed the choice: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) {
        setChoiceState(parseTheme(event.newValue) ?? DEFAULT_THEME);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const resolved = resolveTheme(choice, systemDark);

  useLayoutEffect(() => {
    applyTheme(document.documentElement, resolved);
    applyThemeColor(document, resolved);
  }, [resolved]);

  const setChoice = useCallback((next: Theme) => {
    writeThemeChoice(browserStorage(), next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme choice and its setter; must be used under ThemeProvider. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within ThemeProvider');
  return value;
}
