import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { i18nChunks } from './scripts/vite-i18n-chunks';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), i18nChunks()],
  build: { assetsInlineLimit: 0 },
});
