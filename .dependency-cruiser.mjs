/** Import cycles, type-only imports included (decision 033); `npm run lint` runs it on src/ and scripts/. */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle, even of types only, means two modules each need the other: move what they share to the module that owns it or to a small file both import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Counts `import type` and imports used only as types, which the compiled JavaScript no longer has.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|coverage)/' },
  },
};
