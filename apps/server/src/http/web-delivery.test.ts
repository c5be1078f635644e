import { describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL, ROOT_FILE_CACHE_CONTROL, webCacheControl } from './web-delivery.js';

describe('webCacheControl', () => {
  it('keeps content-hashed assets for a year without rechecking, and their variants alike', () => {
    expect(ASSET_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    for (const file of ['assets/index-BnJk9gzy.js', 'assets/index-p_7NI4wZ.css.br', 'assets/index-BnJk9gzy.js.gz', 'assets/chunk.js.map']) {
      expect(webCacheControl(file), file).toBe(ASSET_CACHE_CONTROL);
    }
  });

  it('has index.html, compressed or not, revalidated on every visit', () => {
    expect(PAGE_CACHE_CONTROL).toBe('no-cache');
    for (const file of ['index.html', 'index.html.br', 'index.html.gz', 'help/index.html']) {
      expect(webCacheControl(file), file).toBe(PAGE_CACHE_CONTROL);
    }
  });

  it('gives other files, whose names do not change between deploys, one day', () => {
    expect(ROOT_FILE_CACHE_CONTROL).toBe('public, max-age=86400');
    for (const file of ['favicon.svg', 'favicon.svg.br', 'robots.txt', 'img/assets/logo.svg', 'assets.json']) {
      expect(webCacheControl(file), file).toBe(ROOT_FILE_CACHE_CONTROL);
    }
  });
});
