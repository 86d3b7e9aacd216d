const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfVisa',
  devPort: 8083,
  exposes: {
    './routes': './src/exposed/routes.tsx',
    './LatestVisas': './src/exposed/latest-visas.tsx',
    './AddVisaButton': './src/exposed/add-visa-button.tsx',
    './VisaStatusLegend': './src/exposed/visa-status-legend.tsx',
  },
});
