import { describe, expect, it } from 'vitest';
import { entryKey, lazyChunksOfEntry, scriptsOf, type Manifest } from './manifest.ts';
import { routeBundles, tableProblems } from './routeBundles.ts';

/**
 * A build shaped like the web app's: the entry imports a shared chunk and loads the frame, two
 * screens and a library lazily; the chat screen imports the frame's shared chunk and the entry
 * back (rolldown does that), and loads FilePond's chunk with import().
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'src/layout/MainLayout.tsx',
      'src/auth/LoginPage.tsx',
      'src/chat/ChatPage.tsx',
      '../../node_modules/socket.io-client/index.js',
    ],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_aria.js': { file: 'assets/aria.js', imports: ['_react.js'] },
  'src/layout/MainLayout.tsx': {
    file: 'assets/MainLayout.js',
    isDynamicEntry: true,
    imports: ['index.html', '_aria.js'],
  },
  'src/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/chat/ChatPage.tsx': {
    file: 'assets/ChatPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_aria.js'],
    dynamicImports: ['src/uploads/Uploader.tsx'],
    css: ['assets/ChatPage.css'],
  },
  'src/uploads/Uploader.tsx': {
    file: 'assets/Uploader.js',
    isDynamicEntry: true,
    imports: ['_aria.js', '_filepond.js'],
  },
  '_filepond.js': { file: 'assets/filepond.js' },
  '../../node_modules/socket.io-client/index.js': { file: 'assets/socket.js', isDynamicEntry: true },
};

describe('scriptsOf', () => {
  it('follows static imports transitively, each file once, and no import()', () => {
    expect(scriptsOf(manifest, ['index.html'])).toEqual(['assets/index.js', 'assets/react.js']);
    expect(scriptsOf(manifest, ['index.html', 'src/layout/MainLayout.tsx', 'src/chat/ChatPage.tsx'])).toEqual(
      ['assets/index.js', 'assets/react.js', 'assets/MainLayout.js', 'assets/aria.js', 'assets/ChatPage.js'],
    );
  });

  it('follows import() too when asked, without entering the chunks to skip', () => {
    expect(scriptsOf(manifest, ['src/chat/ChatPage.tsx'], { deferred: true, skip: ['index.html'] })).toEqual([
      'assets/ChatPage.js',
      'assets/aria.js',
      'assets/react.js',
      'assets/Uploader.js',
      'assets/filepond.js',
    ]);
  });

  it('refuses a key the manifest does not have', () => {
    expect(() => scriptsOf(manifest, ['src/nowhere.tsx'])).toThrow('src/nowhere.tsx');
  });
});

describe('routeBundles', () => {
  const screens = {
    '/auth/login': ['src/auth/LoginPage.tsx'],
    '/crm/chat/:key/:receiver?': ['src/layout/MainLayout.tsx', 'src/chat/ChatPage.tsx'],
    '/saldo': [],
  };

  it('gives each route the entry, its screens and their static imports, and what its screens load later', () => {
    expect(routeBundles(manifest, Object.keys(screens), screens)).toEqual([
      {
        route: '/auth/login',
        scripts: ['assets/index.js', 'assets/react.js', 'assets/LoginPage.js'],
        deferred: [],
      },
      {
        route: '/crm/chat/:key/:receiver?',
        scripts: [
          'assets/index.js',
          'assets/react.js',
          'assets/MainLayout.js',
          'assets/aria.js',
          'assets/ChatPage.js',
        ],
        deferred: ['assets/Uploader.js', 'assets/filepond.js'],
      },
      { route: '/saldo', scripts: ['assets/index.js', 'assets/react.js'], deferred: [] },
    ]);
  });

  it('finds no problem when the table and the build agree', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(lazyChunksOfEntry(manifest)).toHaveLength(4);
    expect(tableProblems(manifest, Object.keys(screens), screens)).toEqual([]);
  });

  it('names a route missing from the table, a screen that is not lazy, and a lazy screen no route names', () => {
    const drifted = {
      '/auth/login': ['src/auth/LoginPage.tsx', 'src/uploads/Uploader.tsx', '_aria.js'],
      '/saldo': [],
    };
    expect(tableProblems(manifest, ['/auth/login', '/saldo', '/profile'], drifted)).toEqual([
      '/profile: no entry in routeScreens',
      '_aria.js: not a lazy chunk of the build',
      'src/layout/MainLayout.tsx: loaded lazily by the entry, but no route names it',
      'src/chat/ChatPage.tsx: loaded lazily by the entry, but no route names it',
    ]);
  });
});
