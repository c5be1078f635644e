import { describe, expect, it } from 'vitest';
import { packageOf, vendorChunk } from './vendor-chunks';

const nm = '/work/app/node_modules';

describe('packageOf', () => {
  it('names plain and scoped packages, and the innermost of nested node_modules', () => {
    expect(packageOf(`${nm}/react-dom/cjs/react-dom-client.production.js`)).toBe('react-dom');
    expect(packageOf(`${nm}/@tanstack/query-core/build/modern/index.js`)).toBe('@tanstack/query-core');
    expect(packageOf(`${nm}/socket.io-client/node_modules/debug/src/browser.js`)).toBe('debug');
  });

  it('is null for our own code, the shared workspace package and virtual modules', () => {
    expect(packageOf('/work/app/apps/web/src/app/routes.tsx')).toBeNull();
    expect(packageOf('/work/app/packages/shared/src/domain/index.ts')).toBeNull();
    expect(packageOf('\0vite/preload-helper.js')).toBeNull();
  });
});

describe('vendorChunk', () => {
  it('puts each listed library in its chunk', () => {
    expect(vendorChunk(`${nm}/react/index.js`)).toBe('react');
    expect(vendorChunk(`${nm}/react-router/dist/production/index.mjs`)).toBe('react');
    expect(vendorChunk(`${nm}/@tanstack/react-query/build/modern/index.js`)).toBe('query');
    expect(vendorChunk(`${nm}/engine.io-client/build/esm/socket.js`)).toBe('socket');
    expect(vendorChunk(`${nm}/zod/v4/classic/schemas.js`)).toBe('zod');
  });

  it('leaves our code and unlisted libraries to Rollup', () => {
    expect(vendorChunk('/work/app/apps/web/src/main.tsx')).toBeUndefined();
    expect(vendorChunk(`${nm}/react-toastify/dist/index.mjs`)).toBeUndefined();
    // A package whose name only starts like a listed one.
    expect(vendorChunk(`${nm}/react-dom-extra/index.js`)).toBeUndefined();
  });
});
