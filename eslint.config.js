// Lint keeps the architecture honest: the engine stays pure and the browser never pulls in the lab.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const impureGlobals = [
  {
    selector: "MemberExpression[object.name='Math'][property.name='random']",
    message: 'The engine is deterministic: use the seeded PRNG in src/sim/core/prng.ts.',
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: 'The engine runs in virtual time: read the clock it is given, never the wall clock.',
  },
  {
    selector: "NewExpression[callee.name='Date']",
    message: 'The engine runs in virtual time: no wall-clock dates.',
  },
  {
    selector: "MemberExpression[object.name='performance'][property.name='now']",
    message: 'The engine runs in virtual time: read the clock it is given, never the wall clock.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.lab-tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'recordings/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The browser bundle never reaches the lab (Node-only: servers, real clients, the recorder).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lab/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lab', '**/lab/**'],
              message: 'src/lab is Node-only and never part of the page.',
            },
            {
              group: ['d3'],
              message: 'Import the d3 module you need (d3-scale, d3-shape), never all of d3.',
            },
            {
              group: ['d3-selection'],
              message: 'React owns the DOM: compute with d3, render with React.',
            },
            { group: ['ioredis', 'pg', 'etcd3'], message: 'Real clients belong to src/lab.' },
          ],
        },
      ],
    },
  },
  {
    // The engine: no DOM frameworks, no Node, no wall clock, no unseeded randomness.
    files: ['src/sim/**/*.ts'],
    ignores: ['src/sim/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/sim is pure: no Node built-ins.' },
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
              message: 'src/sim knows nothing of React.',
            },
            {
              group: ['zustand', 'zustand/*'],
              message: 'src/sim knows nothing of the page state.',
            },
            { group: ['d3-selection', 'd3', 'd3/*'], message: 'src/sim knows nothing of the DOM.' },
            {
              group: ['**/lab/**', '**/panels/**', '**/state/**', '**/app/**'],
              message: 'src/sim depends on nothing outside it.',
            },
            {
              group: ['fs', 'path', 'os', 'child_process', 'net', 'http', 'crypto'],
              message: 'src/sim is pure: no Node built-ins.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...impureGlobals],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'process',
        'setTimeout',
        'setInterval',
        'localStorage',
      ],
    },
  },
);
