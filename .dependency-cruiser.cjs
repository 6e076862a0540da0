/** Layer rules of DESIGN §3: web → contracts (types from core); server → core, contracts; core → db, contracts. */
module.exports = {
  forbidden: [
    {
      name: 'contracts-are-isomorphic',
      comment: 'contracts import nothing of ours',
      severity: 'error',
      from: { path: '^src/contracts' },
      to: { path: '^src/(web|server|core|db)' },
    },
    {
      name: 'db-imports-nothing-of-ours',
      comment: 'db may use contracts helpers only (pure functions such as slugify)',
      severity: 'error',
      from: { path: '^src/db' },
      to: { path: '^src/(web|server|core)' },
    },
    {
      name: 'core-below-server-and-web',
      severity: 'error',
      from: { path: '^src/core' },
      to: { path: '^src/(web|server)' },
    },
    {
      name: 'web-reaches-business-through-context',
      comment: 'web may import types from core, never its code, and never db or server',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: '^src/(db|server)' },
    },
    {
      name: 'web-imports-only-types-from-core',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: '^src/core', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-uses-web-only-for-the-load-context-type-messages-and-documents',
      comment:
        'the server translates API messages with the message catalogues (decision 010) and reads a rendered document as the render made it (web/document-response.ts); its tests build a fake React Router build (web/fake-server-build.ts)',
      severity: 'error',
      from: { path: '^src/server' },
      to: {
        path: '^src/web',
        pathNot: '^src/web/(load-context\\.ts$|document-response\\.ts$|fake-server-build\\.ts$|i18n/)',
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)\\.react-router/|\\+types' },
  },
};
