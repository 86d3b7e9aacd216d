export { InvoiceStatusBadge, VisaStatusBadge, invoiceStateLabel, visaStateLabel } from './status-badge';
export { EmptyState, type EmptyKind } from './empty-state';
export { PageLoader } from './page-loader';
export { RemoteBoundary, RemoteUnavailable } from './remote-boundary';
export { ROUTER_FUTURE } from './router-future';
export { formatAmount, formatDate, formatTime, parseId } from './format';
export { DetailRow, NotFoundState } from './detail';
export { LoadError } from './load-error';
export { saveFile } from './save-file';
