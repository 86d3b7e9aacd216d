const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfInvoices',
  devPort: 8082,
  exposes: {
    './routes': './src/exposed/routes.tsx',
    './LatestInvoices': './src/exposed/latest-invoices.tsx',
    './InvoiceStatusLegend': './src/exposed/invoice-status-legend.tsx',
  },
});
