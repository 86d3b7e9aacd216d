const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfAuth',
  devPort: 8081,
  exposes: {
    './routes': './src/exposed/routes.tsx',
  },
});
