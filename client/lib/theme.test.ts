import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEMES, THEME_STORAGE_KEY, type Theme } from '@common/constants';
import {
  applyTheme,
  applyThemeColor,
  parseTheme,
  readThemeChoice,
  resolveTheme,
  writeThemeChoice,
  type ThemeStorage,
} from './theme';

function memoryStorage(initial: Record<string, string> = {}): ThemeStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const brokenStorage: ThemeStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

function fakeRoot() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, force?: boolean) => {
        if (force ?? !classes.has(name)) classes.add(name);
        else classes.delete(name);
        return classes.has(name);
      },
      add: (name: string) => void classes.add(name),
      remove: (name: string) => void classes.delete(name),
    } as unknown as DOMTokenList,
    style: { colorScheme: '' },
  };
}

describe('theme storage', () => {
  it('uses the key tribe36-theme', () => {
    expect(THEME_STORAGE_KEY).toBe('tribe36-theme');
  });

  it('defaults to dark when nothing valid is saved or storage fails', () => {
    expect(readThemeChoice(memoryStorage())).toBe('dark');
    expect(readThemeChoice(memoryStorage({ [THEME_STORAGE_KEY]: 'sepia' }))).toBe('dark');
    expect(readThemeChoice(memoryStorage({ [THEME_STORAGE_KEY]: 'LIGHT' }))).toBe('dark');
    expect(readThemeChoice(brokenStorage)).toBe('dark');
    expect(readThemeChoice(null)).toBe('dark');
  });

  it('reads back every saved choice', () => {
    for (const theme of THEMES) {
      const storage = memoryStorage();
      expect(writeThemeChoice(storage, theme)).toBe(true);
      expect(storage.data[THEME_STORAGE_KEY]).toBe(theme);
      expect(readThemeChoice(storage)).toBe(theme);
    }
  });

  it('refuses to save anything that is not a theme', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'light' });
    expect(writeThemeChoice(storage, 'sepia')).toBe(false);
    expect(writeThemeChoice(storage, null)).toBe(false);
    expect(storage.data[THEME_STORAGE_KEY]).toBe('light');
    expect(writeThemeChoice(brokenStorage, 'light')).toBe(false);
  });

  it('parses only the three choices', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme('')).toBeNull();
    expect(parseTheme(1)).toBeNull();
  });
});

describe('resolveTheme', () => {
  it('keeps dark and light whatever the system prefers', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('follows the system for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('applyTheme', () => {
  it('sets the dark class and the color scheme', () => {
    const root = fakeRoot();
    applyTheme(root, 'dark');
    expect(root.classes.has('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme(root, 'light');
    expect(root.classes.has('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });
});

describe('applyThemeColor', () => {
  it('gives the toolbar colour (meta theme-color) of the theme, the one index.html and the manifest name for dark', () => {
    const meta = {
      content: '',
      setAttribute(_name: string, value: string) {
        this.content = value;
      },
    };
    const doc = {
      querySelector: (selector: string) => (selector === 'meta[name="theme-color"]' ? meta : null),
    };
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    const manifest = JSON.parse(
      readFileSync(new URL('../public/manifest.webmanifest', import.meta.url), 'utf8'),
    ) as {
      theme_color: string;
    };
    applyThemeColor(doc as unknown as Document, 'dark');
    expect(meta.content).toBe(manifest.theme_color);
    expect(html).toContain(`<meta name="theme-color" content="${meta.content}" />`);
    applyThemeColor(doc as unknown as Document, 'light');
    expect(meta.content).toBe('#f6f5f3');
  });
});

describe('public/theme-init.js (the no-flash script)', () => {
  const script = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8');

  function runInit(stored: string | null | 'throws', systemDark: boolean) {
    const root = fakeRoot();
    root.classes.add('dark');
    const localStorage = {
      getItem: () => {
        if (stored === 'throws') throw new Error('SecurityError');
        return stored;
      },
    };
    const window = { localStorage, matchMedia: () => ({ matches: systemDark }) };
    runInNewContext(script, { window, document: { documentElement: root } });
    return root;
  }

  const cases: (Theme | null | 'sepia' | 'throws')[] = [...THEMES, null, 'sepia', 'throws'];
  for (const stored of cases) {
    for (const systemDark of [true, false]) {
      it(`agrees with resolveTheme for ${String(stored)}, system ${systemDark ? 'dark' : 'light'}`, () => {
        const expected = resolveTheme(parseTheme(stored) ?? 'dark', systemDark);
        const root = runInit(stored, systemDark);
        expect(root.classes.has('dark')).toBe(expected === 'dark');
        expect(root.style.colorScheme).toBe(expected);
      });
    }
  }
});
