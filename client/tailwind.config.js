import { fileURLToPath } from 'node:url';
import path from 'node:path';
import colors from 'tailwindcss/colors';

const here = path.dirname(fileURLToPath(import.meta.url));

// Tremor (dashboard charts) builds its chart colour classes at run time from a colour name: the
// names the dashboard uses are safelisted here, at the shade Tremor draws with (500).
const CHART_COLORS = ['emerald', 'rose', 'sky', 'violet', 'orange', 'slate', 'fuchsia', 'amber', 'blue', 'yellow', 'purple', 'gray', 'teal', 'cyan', 'pink', 'lime', 'indigo'];
const chartColors = CHART_COLORS.join('|');

/** @type {import('tailwindcss').Config} */
export default {
  content: [
    path.join(here, 'index.html'),
    path.join(here, 'src/**/*.{ts,tsx}'),
    // Tremor's own class names live in its compiled files.
    path.join(here, '../node_modules/@tremor/react/dist/**/*.js'),
  ],
  darkMode: 'class',
  safelist: [{ pattern: new RegExp(`^(bg|fill|stroke|text|border)-(${chartColors})-500$`) }],
  theme: {
    extend: {
      fontFamily: {
        fa: ['Vazirmatn', 'Tahoma', 'sans-serif'],
        en: ['Poppins', 'system-ui', 'sans-serif'],
      },
      // Tremor's theme tokens (its documented names), in the panel's palette; the dark set keeps
      // secondary text at slate-400 or lighter, like the rest of the dark theme.
      colors: {
        tremor: {
          brand: { faint: colors.blue[50], muted: colors.blue[200], subtle: colors.blue[400], DEFAULT: colors.blue[600], emphasis: colors.blue[700], inverted: colors.white },
          background: { muted: colors.slate[50], subtle: colors.slate[100], DEFAULT: colors.white, emphasis: colors.slate[700] },
          border: { DEFAULT: colors.slate[200] },
          ring: { DEFAULT: colors.slate[200] },
          content: { subtle: colors.slate[500], DEFAULT: colors.slate[600], emphasis: colors.slate[700], strong: colors.slate[900], inverted: colors.white },
        },
        'dark-tremor': {
          brand: { faint: '#0B1229', muted: colors.blue[950], subtle: colors.blue[800], DEFAULT: colors.blue[500], emphasis: colors.blue[400], inverted: colors.blue[950] },
          background: { muted: colors.slate[900], subtle: colors.slate[800], DEFAULT: colors.slate[800], emphasis: colors.slate[300] },
          border: { DEFAULT: colors.slate[700] },
          ring: { DEFAULT: colors.slate[700] },
          content: { subtle: colors.slate[400], DEFAULT: colors.slate[300], emphasis: colors.slate[200], strong: colors.slate[50], inverted: colors.slate[950] },
        },
      },
      boxShadow: {
        'tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
        'dark-tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'dark-tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'dark-tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
      },
      borderRadius: { 'tremor-small': '0.375rem', 'tremor-default': '0.5rem', 'tremor-full': '9999px' },
      // The spec's chart font size is 14 px (labels included); the font is the page's (Vazirmatn in fa, Poppins otherwise).
      fontSize: {
        'tremor-label': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-default': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-title': ['1.125rem', { lineHeight: '1.75rem' }],
        'tremor-metric': ['1.875rem', { lineHeight: '2.25rem' }],
      },
    },
  },
  plugins: [],
};
