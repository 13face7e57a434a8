import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

/**
 * Semantic colour tokens. Components use only these names (`bg-surface`, `text-muted`, …), so the
 * light and dark palettes below are the one place where colours are chosen. Every text/background
 * pair is at least WCAG AA (4.5:1) in both themes.
 */
const palettes = {
  light: {
    canvas: '#f8fafc',
    surface: '#ffffff',
    'surface-muted': '#f1f5f9',
    border: '#cbd5e1',
    text: '#0f172a',
    muted: '#475569',
    accent: '#4338ca',
    'accent-hover': '#3730a3',
    'accent-fg': '#ffffff',
    'accent-soft': '#e0e7ff',
    'accent-soft-fg': '#312e81',
    danger: '#b91c1c',
    'danger-soft': '#fee2e2',
    'danger-soft-fg': '#7f1d1d',
    success: '#15803d',
    'success-soft': '#dcfce7',
    'success-soft-fg': '#14532d',
    warning: '#b45309',
    'warning-soft': '#fef3c7',
    'warning-soft-fg': '#78350f',
    ring: '#4338ca',
    skeleton: '#e2e8f0',
  },
  dark: {
    canvas: '#0b1120',
    surface: '#111827',
    'surface-muted': '#1e293b',
    border: '#334155',
    text: '#e2e8f0',
    muted: '#94a3b8',
    accent: '#a5b4fc',
    'accent-hover': '#c7d2fe',
    'accent-fg': '#0b1120',
    'accent-soft': '#312e81',
    'accent-soft-fg': '#e0e7ff',
    danger: '#fca5a5',
    'danger-soft': '#450a0a',
    'danger-soft-fg': '#fecaca',
    success: '#86efac',
    'success-soft': '#14532d',
    'success-soft-fg': '#dcfce7',
    warning: '#fcd34d',
    'warning-soft': '#451a03',
    'warning-soft-fg': '#fef3c7',
    ring: '#a5b4fc',
    skeleton: '#1e293b',
  },
} as const;

type Token = keyof (typeof palettes)['light'];

const variables = (palette: Record<Token, string>) =>
  Object.fromEntries(Object.entries(palette).map(([name, value]) => [`--c-${name}`, value]));

const tokens = Object.keys(palettes.light) as Token[];

export default {
  darkMode: 'class',
  theme: {
    extend: {
      colors: Object.fromEntries(tokens.map((name) => [name, `var(--c-${name})`])),
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', 'monospace'],
      },
    },
  },
  plugins: [
    plugin((api) => {
      api.addBase({
        ':root': { ...variables(palettes.light), 'color-scheme': 'light' },
        ':root.dark': { ...variables(palettes.dark), 'color-scheme': 'dark' },
      });
    }),
  ],
} satisfies Config;
