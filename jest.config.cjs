// Component and unit tests of the shell, the remotes and the shared packages, and the tests of the deploy tooling and
// of the repository's scripts (the api has its own runner).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/scripts/jest/jsdom-environment.cjs',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mf-auth',
    '<rootDir>/mf-invoices',
    '<rootDir>/mf-visa',
    '<rootDir>/mf-notifications',
    '<rootDir>/deploy',
    '<rootDir>/scripts',
  ],
  testMatch: ['**/src/**/*.test.ts?(x)', '**/deploy/**/*.test.mjs', '<rootDir>/scripts/*.test.mjs'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ky and sirv ship only ES modules: let them be compiled like our code.
  transformIgnorePatterns: ['/node_modules/(?!(ky|sirv|@polka|totalist|mrmime)/)'],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/scripts/jest/css-module-stub.cjs',
    '\\.(css|svg|png|jpe?g)$': '<rootDir>/scripts/jest/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup.ts'],
  // Every core: jest's default leaves one free, which on two cores is one worker for the whole run.
  maxWorkers: '100%',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
