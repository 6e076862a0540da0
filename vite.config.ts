import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { i18nChunks } from './scripts/vite-i18n-chunks';
import { reactRouterProductionClient } from './scripts/vite-react-router-production';
import { shellChunk } from './scripts/vite-shell-chunk';

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    reactRouterProductionClient(),
    i18nChunks('src/web/i18n'),
    shellChunk('src/web/root.tsx', [
      'src/web/routes/home.tsx',
      'src/web/routes/shop.tsx',
      'src/web/routes/search.tsx',
      'src/web/routes/product.tsx',
    ]),
  ],
  build: { assetsInlineLimit: 0 },
});
