import { DEFAULT_THEME, THEMES, THEME_STORAGE_KEY, type Theme } from '@common/constants';

/** What the page shows once a choice is resolved: 'system' becomes one of these. */
export type ResolvedTheme = 'dark' | 'light';

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The part of Storage the theme needs, so tests can pass a plain object. */
export type ThemeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A stored value as a theme choice, or null when it is not one. */
export function parseTheme(value: unknown): Theme | null {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value) ? (value as Theme) : null;
}

/** The saved choice; dark when nothing valid is saved or storage cannot be read. */
export function readThemeChoice(storage: ThemeStorage | null | undefined): Theme {
  if (!storage) return DEFAULT_THEME;
  try {
    return parseTheme(storage.getItem(THEME_STORAGE_KEY)) ?? DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Saves a valid choice; returns false when the value is not a theme or storage refuses it. */
export function writeThemeChoice(storage: ThemeStorage | null | undefined, choice: unknown): boolean {
  const theme = parseTheme(choice);
  if (!storage || theme === null) return false;
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
    return true;
  } catch {
    return false;
  }
}

/** The theme to show: the choice itself, or the system's preference for 'system'. */
export function resolveTheme(choice: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** Puts a resolved theme on the root element: the `dark` class and the matching color-scheme. */
export function applyTheme(
  root: { classList: DOMTokenList; style: { colorScheme: string } },
  theme: ResolvedTheme,
): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/**
 * The browser's toolbar colour per theme (`<meta name="theme-color">`): each theme's background
 * (client/index.css). The manifest and index.html carry the dark one, the default (decision 61).
 */
export const THEME_COLORS: Record<ResolvedTheme, string> = { dark: '#09090b', light: '#f6f5f3' };

/** Sets `<meta name="theme-color">` to the theme's colour, when the page has one. */
export function applyThemeColor(doc: Pick<Document, 'querySelector'>, theme: ResolvedTheme): void {
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** window.localStorage, or null where it is missing or blocked. */
export function browserStorage(): ThemeStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
