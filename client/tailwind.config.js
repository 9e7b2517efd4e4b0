import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('tailwindcss').Config} */
export default {
  content: [path.join(here, 'index.html'), path.join(here, 'src/**/*.{ts,tsx}')],
  darkMode: 'class',
  theme: {
    extend: {
      fontFamily: {
        fa: ['Vazirmatn', 'Tahoma', 'sans-serif'],
        en: ['Poppins', 'system-ui', 'sans-serif'],
      },
    },
  },
  plugins: [],
};
